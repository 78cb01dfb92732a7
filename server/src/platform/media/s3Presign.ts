import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  imageContentTypes,
  isVideoContentType,
  mediaContentTypeOf,
  mediaKeyPattern,
  mediaLimits,
  videoKeyPattern,
} from '@convene/contract';

/**
 * A SigV4 presigned PUT of exactly this key (the chat's `GET /api/s3?type`, MEDIA_STORE=s3):
 * valid for the policy lifetime (5 minutes), with the content type among the signed headers,
 * so the browser must PUT with that type. A presigned PUT cannot bound the size (S3 has no
 * content-length-range for it); `isAcceptableObject` checks each object before it is used.
 * The client must not add request checksums (requestChecksumCalculation WHEN_REQUIRED):
 * otherwise the url would carry the CRC32 of an empty body and S3 would refuse every upload.
 */
export async function presignPut(
  client: S3Client,
  bucket: string,
  key: string,
  contentType: string,
): Promise<string> {
  if (!mediaKeyPattern.test(key)) throw new Error(`Not a media key: ${key}`);
  return getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }), {
    expiresIn: mediaLimits.policyTtlSeconds,
    signableHeaders: new Set(['content-type']),
  });
}

/**
 * Whether a stored object's HEAD is an upload we accept under its key: a PNG or JPEG of 1 to
 * 20,000,000 bytes under a photo key, or a video of 1 to 100,000,000 bytes of its key's type
 * under a video key (its first bytes are checked apart, `hasUpload`).
 */
export function isAcceptableObject(
  key: string,
  head: { ContentLength?: number; ContentType?: string },
): boolean {
  const size = head.ContentLength ?? 0;
  const type = head.ContentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (videoKeyPattern.test(key)) {
    return (
      size >= 1 &&
      size <= mediaLimits.videoMaxBytes &&
      isVideoContentType(type) &&
      type === mediaContentTypeOf(key)
    );
  }
  return size >= 1 && size <= mediaLimits.maxBytes && (imageContentTypes as readonly string[]).includes(type);
}
