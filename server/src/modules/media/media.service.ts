import {
  imageContentTypes,
  type MediaPurpose,
  mediaLimits,
  mediaMessages,
  mediaUrl,
  type UploadAnswer,
  type UploadAuthorisation,
  type UploadPolicy,
  type VideoContentType,
  videoExtensions,
} from '@convene/contract';
import type { AppContext } from '../../context.ts';
import { validation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { detectImageType, ImageRejected, processImage } from '../../platform/media/images.ts';
import { verifyPolicy } from '../../platform/media/policy.ts';
import { getMediaStore, getUploadSecret } from '../../platform/media/store.ts';
import type { LocalMediaStore, MediaStore } from '../../platform/media/storeTypes.ts';
import { isVideoContainer, videoHeadBytes } from '../../platform/media/videos.ts';
import type { Viewer } from '../../platform/sessions.ts';

/** The key a new upload gets: photos/<purpose>/<userId>/<random id>.jpg. */
export function newMediaKey(purpose: MediaPurpose, userId: string): string {
  return `photos/${purpose}/${userId}/${newId()}.jpg`;
}

/** The key a new chat video gets: videos/chat/<userId>/<random id>.<mp4|webm|mov>. */
export function newVideoKey(type: VideoContentType, userId: string): string {
  return `videos/chat/${userId}/${newId()}.${videoExtensions[type]}`;
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

/**
 * The body of a video upload as it streams to storage: passed through chunk by chunk (never
 * held whole), refused once it grows past the policy's maximum, and refused when its first
 * bytes are not the container of the declared type.
 */
async function* checkedVideo(
  body: AsyncIterable<Buffer>,
  type: VideoContentType,
  maxBytes: number,
): AsyncGenerator<Buffer> {
  // Chunks before the first bytes are known wait here (at most a few bytes' worth of chunks).
  const pending: Buffer[] = [];
  let isChecked = false;
  let size = 0;
  const check = () => {
    if (!isVideoContainer(Buffer.concat(pending).subarray(0, videoHeadBytes), type)) {
      throw validation('file', mediaMessages.videoInvalid);
    }
    isChecked = true;
  };
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw validation('file', mediaMessages.videoTooLarge);
    if (isChecked) {
      yield chunk;
      continue;
    }
    pending.push(chunk);
    if (size < videoHeadBytes) continue;
    check();
    yield* pending;
  }
  if (size === 0) throw validation('file', mediaMessages.fileRequired);
  if (!isChecked) {
    check();
    yield* pending;
  }
}

/**
 * Publishes an uploaded chat video under its signed key, as uploaded (docs/SECURITY.md says
 * why videos are not re-encoded): at most the policy's bytes (a larger declared length is
 * refused before reading), the declared type's container by its first bytes. Nothing is
 * stored on any failure.
 */
export async function acceptVideoUpload(
  store: LocalMediaStore,
  policy: UploadPolicy,
  type: VideoContentType,
  body: AsyncIterable<Buffer>,
  declaredLength: number | undefined,
): Promise<UploadAnswer> {
  const maxBytes = policy.contentLengthRange[1];
  if (declaredLength !== undefined && declaredLength > maxBytes) {
    throw validation('file', mediaMessages.videoTooLarge);
  }
  if (!(await store.saveStream(policy.key, checkedVideo(body, type, maxBytes)))) {
    throw validation('key', mediaMessages.keyUsed);
  }
  return { key: policy.key, url: mediaUrl(policy.key) };
}
