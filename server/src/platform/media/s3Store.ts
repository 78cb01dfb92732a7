import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import {
  mediaContentTypeOf,
  mediaKeyPattern,
  mediaLimits,
  type UploadPolicy,
  videoKeyPattern,
} from '@convene/contract';
import type { Config } from '../../config.ts';
import { isAcceptableObject, presignPut } from './s3Presign.ts';
import type { S3MediaStore } from './storeTypes.ts';
import { isVideoContainer, videoHeadBytes } from './videos.ts';

/**
 * The presigned POST for one upload: exactly this key, the declared image type, 1 to
 * 20,000,000 bytes, valid until the policy's expiry (at most 5 minutes). The bucket stays
 * private; the server reads objects back for GET /media/<key>.
 */
export function presignedPostOptions(
  bucket: string,
  contents: UploadPolicy,
  contentType: string,
  now = Date.now(),
): PresignedPostOptions {
  const [minBytes, maxBytes] = contents.contentLengthRange;
  const secondsLeft = Math.floor((Date.parse(contents.expiresAt) - now) / 1000);
  return {
    Bucket: bucket,
    Key: contents.key,
    Conditions: [
      ['content-length-range', minBytes, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: Math.max(1, Math.min(secondsLeft, mediaLimits.policyTtlSeconds)),
  };
}

export { s3UploadOrigin } from './s3Origin.ts';

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/**
 * Media in an S3-compatible bucket (MEDIA_STORE=s3). The browser uploads straight to the
 * bucket (a presigned POST for the image form, a presigned PUT for chat photos and videos), so
 * objects are stored as sent: the bucket enforces key and declared type (and size, for the
 * POST), but not the content checks and re-encoding of the local pipeline. Objects of another
 * type or size, and videos whose first bytes are not their container, are never sent in a
 * message: they are deleted when a message names them (`hasUpload`).
 */
export function createS3Store(s3: Config['s3']): S3MediaStore {
  const bucket = s3.bucket;
  if (!bucket) throw new Error('MEDIA_STORE=s3 needs S3_BUCKET');
  const client = new S3Client({
    region: s3.region ?? 'us-east-1',
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
    // No CRC32 of an empty body in presigned PUT urls (see s3Presign.ts).
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });

  /** Whether a video object's first bytes are its type's container (a ranged GET of them). */
  const hasVideoContainer = async (key: string): Promise<boolean> => {
    const object = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${videoHeadBytes - 1}` }),
    );
    const head = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    const type = mediaContentTypeOf(key);
    return type !== 'image/jpeg' && isVideoContainer(head.subarray(0, videoHeadBytes), type);
  };

  return {
    kind: 's3',

    async createUploadForm(contents, contentType) {
      const { url, fields } = await createPresignedPost(
        client,
        presignedPostOptions(bucket, contents, contentType),
      );
      return { url, fields, policy: fields.Policy ?? '', signature: fields['X-Amz-Signature'] ?? '' };
    },

    createPutUrl(key, contentType) {
      return presignPut(client, bucket, key, contentType);
    },

    async save(key, data) {
      if (!mediaKeyPattern.test(key)) return false;
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: data,
            ContentType: 'image/jpeg',
            IfNoneMatch: '*',
          }),
        );
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412) {
          return false;
        }
        throw error;
      }
    },

    // Objects pass through this server. A range (a video seeking) is checked against the object's
    // HEAD, then asked of the bucket, so only those bytes travel.
    async open(key, pickRange) {
      if (!mediaKeyPattern.test(key)) return null;
      try {
        if (pickRange) {
          const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
          if (!isAcceptableObject(key, head)) return null;
          const size = head.ContentLength ?? 0;
          const range = pickRange(size);
          if (range === 'unsatisfiable') return { unsatisfiable: true, size };
          if (range) {
            const part = await client.send(
              new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${range.start}-${range.end}` }),
            );
            return { stream: part.Body as Readable, size, range };
          }
        }
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const stream = object.Body as Readable;
        if (!isAcceptableObject(key, object)) {
          stream.destroy();
          return null;
        }
        return { stream, size: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      if (!mediaKeyPattern.test(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async hasUpload(key) {
      if (!mediaKeyPattern.test(key)) return false;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        if (isAcceptableObject(key, head) && (!videoKeyPattern.test(key) || (await hasVideoContainer(key)))) {
          return true;
        }
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      return false;
    },
  };
}
