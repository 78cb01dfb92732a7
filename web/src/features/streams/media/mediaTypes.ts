import type { StreamsAuth } from '@convene/contract';

/** One side's connection to a stream: the broadcaster's publishing or a viewer's watching. */
export interface MediaSession {
  /** Ends this connection (a broadcaster's also tells the media server it stopped). */
  close(): Promise<void>;
}

interface SessionOptions {
  auth: StreamsAuth;
  streamId: string;
  /** The connection is lost for good (network gone, the server closed it). */
  onDropped: () => void;
}

export interface PublishOptions extends SessionOptions {
  /** The camera (and microphone) to send. */
  media: MediaStream;
}

export interface WatchOptions extends SessionOptions {
  /** The stream's media, once it arrives (and again if it is replaced). */
  onMedia: (media: MediaStream) => void;
}

/**
 * A refusal by the media server: `status` its HTTP status, `message` an i18n key when the server
 * gave one (viewers full, stream ended, RSVP needed).
 */
export class MediaRequestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'MediaRequestError';
    this.status = status;
  }
}
