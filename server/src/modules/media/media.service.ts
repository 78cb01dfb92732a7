import {
  imageContentTypes,
  type MediaPurpose,
  mediaLimits,
  mediaMessages,
  mediaUrl,
  type UploadAnswer,
  type UploadAuthorisation,
  type UploadPolicy,
} from '@convene/contract';
import type { AppContext } from '../../context.ts';
import { validation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { detectImageType, ImageRejected, processImage } from '../../platform/media/images.ts';
import { verifyPolicy } from '../../platform/media/policy.ts';
import { getMediaStore, getUploadSecret, type MediaStore } from '../../platform/media/store.ts';
import type { Viewer } from '../../platform/sessions.ts';

/** The key a new upload gets: photos/<purpose>/<userId>/<random id>.jpg. */
export function newMediaKey(purpose: MediaPurpose, userId: string): string {
  return `photos/${purpose}/${userId}/${newId()}.jpg`;
}

/**
 * Answers the signed form for one upload (PRODUCT.md §1.7 imageprocessor/authorise): a fresh key, image
 * types only, 1 to 20,000,000 bytes, valid for 5 minutes.
 */
export async function authoriseUpload(
  ctx: AppContext,
  viewer: Viewer,
  input: { contentType: string; purpose: MediaPurpose },
): Promise<UploadAuthorisation> {
  const store = await getMediaStore(ctx);
  const contents: UploadPolicy = {
    key: newMediaKey(input.purpose, viewer.account.id),
    contentTypes: [...imageContentTypes],
    contentLengthRange: [1, mediaLimits.maxBytes],
    expiresAt: new Date(Date.now() + mediaLimits.policyTtlSeconds * 1000).toISOString(),
    userId: viewer.account.id,
    purpose: input.purpose,
  };
  const form = await store.createUploadForm(contents, input.contentType);
  return {
    key: contents.key,
    policy: form.policy,
    signature: form.signature,
    url: form.url,
    fields: form.fields,
    mediaUrl: mediaUrl(contents.key),
    expiresAt: contents.expiresAt,
  };
}

/** The signed policy of an upload form, checked before the file is read. */
export async function checkUploadForm(
  ctx: AppContext,
  store: MediaStore,
  fields: Record<string, string>,
): Promise<UploadPolicy> {
  const verdict = verifyPolicy(await getUploadSecret(ctx), {
    policy: fields.policy,
    signature: fields.signature,
  });
  if (!verdict.ok) {
    if (verdict.failure === 'expired') throw validation('policy', mediaMessages.policyExpired);
    throw validation(verdict.failure, mediaMessages.policyInvalid);
  }
  if (fields.key !== verdict.contents.key) throw validation('key', mediaMessages.keyInvalid);
  if (await store.exists(verdict.contents.key)) throw validation('key', mediaMessages.keyUsed);
  return verdict.contents;
}

/**
 * Publishes an uploaded file under its signed key: size within the policy, PNG or JPEG by
 * content, then re-encoded (platform/media/images.ts). Nothing is stored on any failure.
 */
export async function acceptUpload(
  store: MediaStore,
  policy: UploadPolicy,
  data: Buffer,
): Promise<UploadAnswer> {
  const [minBytes, maxBytes] = policy.contentLengthRange;
  if (data.length > maxBytes) throw validation('file', mediaMessages.tooLarge);
  if (data.length < minBytes) throw validation('file', mediaMessages.fileRequired);
  const type = detectImageType(data);
  const contentType = type && (`image/${type}` as const);
  if (!type || !contentType || !policy.contentTypes.includes(contentType)) {
    throw validation('file', mediaMessages.typeInvalid);
  }
  let output: Buffer;
  try {
    output = await processImage(data, type);
  } catch (error) {
    if (error instanceof ImageRejected) throw validation('file', error.messageKey);
    throw error;
  }
  if (!(await store.save(policy.key, output))) throw validation('key', mediaMessages.keyUsed);
  return { key: policy.key, url: mediaUrl(policy.key) };
}
