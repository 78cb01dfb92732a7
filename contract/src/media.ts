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
  videoTooLarge: 'media.errors.videoTooLarge',
  videoInvalid: 'media.errors.videoInvalid',
} as const;

/**
 * What an upload is for: a profile photo, a calendar cover (2:1), a chat group photo (square),
 * an event's image attachment or a photo sent in a chat message.
 */
export const mediaPurposes = ['profile', 'cover', 'group', 'event', 'chat'] as const;
export type MediaPurpose = (typeof mediaPurposes)[number];

/** Image types accepted for upload (checked again by content on the server). */
export const imageContentTypes = ['image/png', 'image/jpeg'] as const;

/** Video types a chat message may carry (checked again by the container's first bytes). */
export const videoContentTypes = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export type VideoContentType = (typeof videoContentTypes)[number];

/** Everything `GET /api/s3?type` signs an upload for: chat photos and chat videos. */
export const chatMediaContentTypes = [...imageContentTypes, ...videoContentTypes] as const;
export type ChatMediaContentType = (typeof chatMediaContentTypes)[number];

/** The stored file extension of each video type. */
export const videoExtensions = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
} as const satisfies Record<VideoContentType, string>;

/** Whether a content type is one of the video types. */
export const isVideoContentType = (type: string): type is VideoContentType =>
  (videoContentTypes as readonly string[]).includes(type);

/** Media limits: PRODUCT.md §1.9's byte cap; the policy lifetime, pixel and video caps are ours. */
export const mediaLimits = {
  maxBytes: limits.imageMaxBytes,
  /** Largest accepted chat video, in bytes (stored as uploaded, streamed to storage). */
  videoMaxBytes: 100_000_000,
  /** A signed upload policy is valid this long. */
  policyTtlSeconds: 300,
  /** Larger images are refused before decoding (a decompression bomb cannot exhaust memory). */
  maxInputPixels: 50_000_000,
} as const;

/** A stored photo's key: photos/<purpose>/<userId>/<id>.jpg (ids are 32 lower-case hex). */
const photoKey = 'photos\\/(profile|cover|group|event|chat)\\/[0-9a-f]{32}\\/[0-9a-f]{32}\\.jpg';
/** A stored chat video's key: videos/chat/<userId>/<id>.<mp4|webm|mov>. */
const videoKey = 'videos\\/chat\\/[0-9a-f]{32}\\/[0-9a-f]{32}\\.(mp4|webm|mov)';

/** Any stored object's key: a photo or a chat video. */
export const mediaKeyPattern = new RegExp(`^(${photoKey}|${videoKey})$`);
/** A stored chat video's key. */
export const videoKeyPattern = new RegExp(`^${videoKey}$`);
/** Where a stored photo is served: /media/<key> (profile, cover and group photos are only these). */
export const mediaUrlPattern = new RegExp(`^\\/media\\/${photoKey}$`);
/** What a chat message's media may be: one of our photos or chat videos. */
export const chatMediaUrlPattern = new RegExp(`^\\/media\\/(${photoKey}|${videoKey})$`);

/** The content type a stored key is served with (by its extension; keys are ours). */
export function mediaContentTypeOf(key: string): 'image/jpeg' | VideoContentType {
  if (key.endsWith('.mp4')) return 'video/mp4';
  if (key.endsWith('.webm')) return 'video/webm';
  if (key.endsWith('.mov')) return 'video/quicktime';
  return 'image/jpeg';
}

/** Whether a media url is a chat video (shown as a player, previewed as 'Video'). */
export const isVideoMediaUrl = (url: string): boolean => /\.(mp4|webm|mov)$/.test(url);

/** The url at which a key is served. */
export const mediaUrl = (key: string) => `/media/${key}`;

/** GET /api/s3?type: a signed, short-lived url to PUT one chat photo or video of that type to. */
export const s3UploadQuery = z.object({
  type: z.enum(chatMediaContentTypes, { error: mediaMessages.typeInvalid }),
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
  contentTypes: z.array(z.enum(chatMediaContentTypes)).min(1),
  contentLengthRange: z.tuple([z.number().int().min(1), z.number().int().max(mediaLimits.videoMaxBytes)]),
  expiresAt: z.string(),
  userId: z.string(),
  purpose: z.enum(mediaPurposes),
});
export type UploadPolicy = z.infer<typeof uploadPolicy>;
