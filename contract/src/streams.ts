import { z } from 'zod';

/** i18n keys of the live streams' validation and refusal texts (PRODUCT.md §2.8, §2.9). */
export const streamMessages = {
  /** 'Feed name is required' / at least 3 letters. */
  nameRequired: 'streams.errors.nameRequired',
  nameTooShort: 'streams.errors.nameTooShort',
  nameTooLong: 'streams.errors.nameTooLong',
  /** 'Maximum numbers of streams reached' */
  maximumReached: 'streams.errors.maximumReached',
  /** The stream has ended (or never existed for this event). */
  ended: 'streams.errors.ended',
  /** Too many people watch this stream already (embedded mode, STREAMS_MAX_VIEWERS). */
  viewersFull: 'streams.errors.viewersFull',
  /** Watching needs an RSVP of yes or maybe. */
  rsvpRequired: 'streams.errors.rsvpRequired',
} as const;

/** Limits of live streams (PRODUCT.md §2.9; the name's maximum is ours). */
export const streamLimits = {
  nameMin: 3,
  nameMax: 80,
  /** The broadcaster's video: at most this size and bitrate. */
  maxWidth: 640,
  maxHeight: 360,
  maxVideoBitrate: 800_000,
  /** A broadcaster whose connection is gone this long has ended the stream. */
  publisherGraceMs: 10_000,
} as const;

export const streamsProviders = ['embedded', 'livekit'] as const;
export type StreamsProvider = (typeof streamsProviders)[number];

/** A feed name: required, at least 3 letters (PRODUCT.md §2.9), at most 80 characters. */
export const streamName = z
  .string({ error: streamMessages.nameRequired })
  .trim()
  .min(1, streamMessages.nameRequired)
  .max(streamLimits.nameMax, streamMessages.nameTooLong)
  .refine(
    (name) => (name.match(/\p{L}/gu) ?? []).length >= streamLimits.nameMin,
    streamMessages.nameTooShort,
  );

/** POST /api/events/{eventId}/streams (PRODUCT.md §2.7): uid is the caller; streamId is chosen by the client, so a retried start is not a second stream. */
export const createStreamBody = z.object({
  uid: z.string().min(1).max(64),
  streamId: z.uuid().max(36),
  streamName,
});
export type CreateStreamBody = z.infer<typeof createStreamBody>;

/** A live stream of an event (PRODUCT.md §2.3 Stream). */
export const stream = z.object({
  streamId: z.string(),
  eventId: z.string(),
  /** The broadcaster. */
  userId: z.string(),
  info: z.object({
    streamName: z.string(),
    initiator: z.object({ name: z.string(), imageLink: z.string().nullable() }),
  }),
  status: z.enum(['live', 'ended']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Stream = z.infer<typeof stream>;

/**
 * GET /api/events/{eventId}/streams/auth: a LiveKit-format access token for the event's room.
 * `url` is where the client connects: embedded, the app's media signalling base
 * (`/api/streams/media`, WHIP/WHEP-style); livekit, the LiveKit server's wss:// address.
 */
export const streamsAuth = z.object({
  provider: z.enum(streamsProviders),
  url: z.string(),
  room: z.string(),
  token: z.string(),
  canPublish: z.boolean(),
  canSubscribe: z.boolean(),
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
});
export type StreamsAuth = z.infer<typeof streamsAuth>;
