/**
 * The seam between live-stream records (streams.service.ts) and whatever carries the media:
 * `embedded` (media/ — a werift SFU in a worker thread, WHIP/WHEP-style signalling under
 * /api/streams/media) or `livekit` (an existing LiveKit deployment). Chosen by STREAMS_PROVIDER.
 * Both accept the same LiveKit-format access tokens (streams.tokens.ts): room per event,
 * identity = userId, canPublish for the event's editors, canSubscribe for guests who answered
 * yes or maybe.
 */
export interface StreamsProvider {
  readonly kind: 'embedded' | 'livekit';
  /** Where clients connect: embedded, `${PUBLIC_URL}/api/streams/media`; livekit, LIVEKIT_URL. */
  readonly url: string;
  /** The key pair tokens are signed with (embedded: generated once into the server's secrets). */
  readonly apiKey: string;
  readonly apiSecret: string;
  /** Disconnects a stream's broadcaster and every viewer of it (the stream was stopped or ended). */
  endStream(room: string, streamId: string): Promise<void>;
  /** Disconnects one person from everything they watch or publish in a room (RSVP now 'no', rights lost). */
  removeParticipant(room: string, identity: string): Promise<void>;
  /**
   * Tells `listener` when a stream's broadcaster is gone for good (connection dropped past
   * `streamLimits.publisherGraceMs`, or unpublished): the records then mark the stream ended.
   */
  onPublisherGone(listener: (room: string, streamId: string) => void): void;
  /** Stops the media plane (shutdown); a provider may answer what it did (the embedded one: its closed peers). */
  close(): Promise<unknown>;
}

/**
 * What the media plane asks the records before it connects anyone, beyond the token's grants
 * (a token lives a few minutes; an RSVP or a stream can change sooner).
 */
export interface StreamsGate {
  /** May `identity` publish `streamId` in `room` now: the stream is live and theirs. */
  mayPublish(room: string, streamId: string, identity: string): Promise<'ok' | 'ended' | 'forbidden'>;
  /** May `identity` watch `streamId` in `room` now: the stream is live and they may watch the event. */
  mayWatch(room: string, streamId: string, identity: string): Promise<'ok' | 'ended' | 'forbidden'>;
}

/** The room of an event's streams: one per event, named by environment so deployments may share a LiveKit. */
export function eventRoom(appEnv: string, eventId: string): string {
  return `convene-${appEnv}-event-${eventId}`;
}
