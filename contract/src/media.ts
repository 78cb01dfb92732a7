import { z } from 'zod';
import { limits } from './limits.ts';

/** i18n keys of image-upload errors; an upload failure is a 400 VALIDATION naming the field. */
export const mediaMessages = {
  typeInvalid: 'media.errors.typeInvalid',
  tooLarge: 'media.errors.tooLarge',
  imageInvalid: 'media.errors.imageInvalid',
  tooManyPixels: 'media.errors.tooManyPixels',
  fileRequired: 'media.errors.fileRequired',
  policyInvalid: 'media.errors.policyInvalid',
  policyExpired: 'media.errors.policyExpired',
  keyInvalid: 'media.errors.keyInvalid',
  keyUsed: 'media.errors.keyUsed',
  fileNameInvalid: 'media.errors.fileNameInvalid',
  formInvalid: 'media.errors.formInvalid',
} as const;

/**
 * What an upload is for: a profile photo, a calendar cover (2:1), a chat group photo (square),
 * an event's image attachment or a photo sent in a chat message.
 */
export const mediaPurposes = ['profile', 'cover', 'group', 'event', 'chat'] as const;
export type MediaPurpose = (typeof mediaPurposes)[number];

/** Image types accepted for upload (checked again by content on the server). */
export const imageContentTypes = ['image/png', 'image/jpeg'] as const;

/** Media limits: PRODUCT.md §1.9's byte cap; the policy lifetime and the pixel cap are ours. */
export const mediaLimits = {
  maxBytes: limits.imageMaxBytes,
  /** A signed upload policy is valid this long. */
  policyTtlSeconds: 300,
  /** Larger images are refused before decoding (a decompression bomb cannot exhaust memory). */
  maxInputPixels: 50_000_000,
} as const;

/** A stored object's key: photos/<purpose>/<userId>/<id>.jpg (ids are 32 lower-case hex). */
export const mediaKeyPattern = /^photos\/(profile|cover|group|event|chat)\/[0-9a-f]{32}\/[0-9a-f]{32}\.jpg$/;
/** Where a stored object is served: /media/<key>. */
export const mediaUrlPattern =
  /^\/media\/photos\/(profile|cover|group|event|chat)\/[0-9a-f]{32}\/[0-9a-f]{32}\.jpg$/;

/** The url at which a key is served. */
export const mediaUrl = (key: string) => `/media/${key}`;

/** GET /api/s3?type: a signed, short-lived url to PUT one chat photo of that type to. */
export const s3UploadQuery = z.object({
  type: z.enum(imageContentTypes, { error: mediaMessages.typeInvalid }),
});

/** The url to PUT the file to (with its content type) and the stored name: the media url is /media/<fileName>. */
export const s3UploadAnswer = z.object({ url: z.string(), fileName: z.string() });

/** The signed query of the PUT url. */
export const s3PutQuery = z.object({ policy: z.string().max(4096), signature: z.string().max(64) });

/** PUT /api/imageprocessor/authorise: describes the (cropped) file about to be uploaded. */
export const uploadAuthoriseBody = z.object({
  fileName: z
    .string({ error: mediaMessages.fileNameInvalid })
    .min(1, mediaMessages.fileNameInvalid)
    .max(255, mediaMessages.fileNameInvalid),
  contentType: z.enum(imageContentTypes, { error: mediaMessages.typeInvalid }),
  size: z
    .number({ error: mediaMessages.tooLarge })
    .int(mediaMessages.tooLarge)
    .min(1, mediaMessages.imageInvalid)
    .max(mediaLimits.maxBytes, mediaMessages.tooLarge),
  purpose: z.enum(mediaPurposes),
});
export type UploadAuthoriseBody = z.input<typeof uploadAuthoriseBody>;

/**
 * Answer of the authorise call. The browser POSTs multipart/form-data to `url`: every entry of
 * `fields` in order, then the image as `file`. Once stored, the image is at `mediaUrl`.
 */
export const uploadAuthorisation = z.object({
  key: z.string(),
  /** The signed policy (base64 JSON) — also inside `fields`. */
  policy: z.string(),
  /** Its signature — also inside `fields`. */
  signature: z.string(),
  /** Where to POST the form: /api/media/upload, or the bucket's url when media live in S3. */
  url: z.string(),
  /** Form fields to send before the file, in this order. */
  fields: z.record(z.string(), z.string()),
  /** Where the image will be served once uploaded: /media/<key>. */
  mediaUrl: z.string(),
  /** When the policy stops being accepted (ISO 8601). */
  expiresAt: z.string(),
});
export type UploadAuthorisation = z.infer<typeof uploadAuthorisation>;

/** 201 answer of POST /api/media/upload (local store). */
export const uploadAnswer = z.object({ key: z.string(), url: z.string() });
export type UploadAnswer = z.infer<typeof uploadAnswer>;

/** The signed upload policy, as decoded from base64 JSON. */
export const uploadPolicy = z.object({
  key: z.string().max(200, { abort: true }).regex(mediaKeyPattern),
  contentTypes: z.array(z.enum(imageContentTypes)).min(1),
  contentLengthRange: z.tuple([z.number().int().min(1), z.number().int().max(mediaLimits.maxBytes)]),
  expiresAt: z.string(),
  userId: z.string(),
  purpose: z.enum(mediaPurposes),
});
export type UploadPolicy = z.infer<typeof uploadPolicy>;
