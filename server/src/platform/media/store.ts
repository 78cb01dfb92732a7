import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { getOrCreateSecret } from '../secrets.ts';
import { createLocalStore } from './localStore.ts';
import type { MediaStore } from './storeTypes.ts';

const stores = new WeakMap<AppContext, Promise<MediaStore>>();
const secrets = new WeakMap<AppContext, Promise<string>>();

/** The HMAC key that signs local upload policies (in the db, so every process shares it). */
export function getUploadSecret(ctx: AppContext): Promise<string> {
  let secret = secrets.get(ctx);
  if (!secret) {
    secret = getOrCreateSecret(ctx.db, 'media.uploadPolicy', () => randomBytes(32).toString('base64url'));
    secrets.set(ctx, secret);
  }
  return secret;
}

/**
 * The app's media store, made once per app: MEDIA_STORE=s3 → the configured bucket,
 * otherwise <data dir>/media with policies signed by a generated secret.
 */
export function getMediaStore(ctx: AppContext): Promise<MediaStore> {
  let store = stores.get(ctx);
  if (!store) {
    store = createMediaStore(ctx);
    stores.set(ctx, store);
  }
  return store;
}

async function createMediaStore(ctx: AppContext): Promise<MediaStore> {
  // The AWS SDK is big: loaded only in S3 mode.
  if (ctx.config.mediaStore === 's3') return (await import('./s3Store.ts')).createS3Store(ctx.config.s3);
  return createLocalStore(path.join(ctx.config.dataDir, 'media'), await getUploadSecret(ctx));
}
