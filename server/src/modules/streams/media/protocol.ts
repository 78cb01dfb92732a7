/**
 * Messages between the main thread (sfuClient.ts) and the SFU worker (sfu.worker.ts): plain
 * structured data, so the worker never shares an object with the HTTP side.
 */

/** The worker's settings, sent once when it starts. */
export interface SfuSettings {
  /** UDP ports media may use (werift `icePortRange`); undefined: any free port. */
  udpPorts: { min: number; max: number } | undefined;
  /** Behind NAT: the public address, announced as a twin of each host candidate (NAT 1:1). */
  publicIp: string | undefined;
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
  /** Cap announced to the broadcaster (answer b=AS / b=TIAS), bits per second. */
  maxVideoBitrate: number;
  /** A broadcaster whose connection is gone this long has ended the stream. */
  publisherGraceMs: number;
  /** A viewer whose receiver reports stop this long is gone. */
  viewerSilenceMs: number;
  /** Viewers one stream may have at once. */
  maxViewers: number;
  /** Announce 127.0.0.1 too (tests and benchmarks on one machine). */
  loopback: boolean;
}

export type SfuRequest =
  | { type: 'publish'; room: string; streamId: string; identity: string; sdp: string }
  | { type: 'watch'; room: string; streamId: string; identity: string; sdp: string }
  | { type: 'delete'; sessionId: string; room: string; identity: string }
  | { type: 'endStream'; room: string; streamId: string }
  | { type: 'removeParticipant'; room: string; identity: string }
  | { type: 'stats' }
  /** Close every peer connection (and its UDP sockets), before the worker is terminated. */
  | { type: 'shutdown' };

/** Why the worker refused a request; the routes turn each into an HTTP answer. */
export type SfuRefusal =
  /** The offer could not be applied (malformed SDP, no media, codecs other than VP8/Opus). */
  | { error: 'badSdp'; message: string }
  | { error: 'viewersFull' }
  | { error: 'notFound' }
  | { error: 'forbidden' };

export type SfuAnswer = { sessionId: string; sdp: string };

export interface SfuStats {
  publishers: number;
  viewers: number;
  /** The worker's event loop utilisation since the last stats call (0–1): its share of a core. */
  eventLoopUtilization: number;
  /**
   * CPU seconds this worker thread has used since it started (Linux: /proc/thread-self/stat;
   * null elsewhere). Unlike the utilisation, it does not count time spent waiting for a core.
   */
  threadCpuSeconds: number | null;
  /** The worker thread's heap in use, bytes (the process's RSS is shared with the main thread). */
  heapUsed: number;
}

/** What a shutdown did: the peer connections it closed. */
export type SfuShutdown = { peersClosed: number };

export type SfuReply =
  | { ok: true; value: SfuAnswer | SfuStats | SfuShutdown | null }
  | { ok: false; refusal: SfuRefusal };

export type WorkerToMain =
  | { type: 'reply'; id: number; reply: SfuReply }
  | { type: 'publisherGone'; room: string; streamId: string }
  | { type: 'failed'; id: number; message: string };

export type MainToWorker =
  | { type: 'init'; settings: SfuSettings }
  | { type: 'request'; id: number; request: SfuRequest };
