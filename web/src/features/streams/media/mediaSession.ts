import type { MediaSession, PublishOptions, WatchOptions } from './mediaTypes.ts';

export { MediaRequestError, type MediaSession } from './mediaTypes.ts';

/**
 * Publishes `media` as stream `streamId`, through the provider the server names: the embedded
 * media server (WHIP-style HTTP), or LiveKit, whose client is loaded only in that mode.
 */
export async function publishStream(options: PublishOptions): Promise<MediaSession> {
  if (options.auth.provider === 'livekit')
    return (await import('./livekitMedia.ts')).publishToLivekit(options);
  return (await import('./embeddedMedia.ts')).publishToEmbedded(options);
}

/** Watches stream `streamId` (WHEP-style HTTP on the embedded media server, or LiveKit). */
export async function watchStream(options: WatchOptions): Promise<MediaSession> {
  if (options.auth.provider === 'livekit') return (await import('./livekitMedia.ts')).watchOnLivekit(options);
  return (await import('./embeddedMedia.ts')).watchOnEmbedded(options);
}
