import { streamLimits } from '@convene/contract';
import {
  MediaRequestError,
  type MediaSession,
  type PublishOptions,
  type WatchOptions,
} from './mediaTypes.ts';

/** How long candidate gathering may take before the offer goes as it is (one POST, no trickle). */
const gatheringTimeoutMs = 2500;
/** A connection 'disconnected' this long is treated as lost (it usually recovers within seconds). */
const disconnectedGraceMs = 8000;

/**
 * The embedded media server's signalling base on this page's origin. The server names it with
 * its PUBLIC_URL; the page talks to the origin it was loaded from, so a server reached by
 * another name (127.0.0.1 vs localhost, a proxy) is still the same server.
 */
export function signallingBase(url: string): string {
  return new URL(url, window.location.origin).pathname.replace(/\/$/, '');
}

function waitForGathering(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, gatheringTimeoutMs);
    function done() {
      clearTimeout(timer);
      peer.removeEventListener('icegatheringstatechange', onChange);
      resolve();
    }
    function onChange() {
      if (peer.iceGatheringState === 'complete') done();
    }
    peer.addEventListener('icegatheringstatechange', onChange);
  });
}

/** Calls onDropped once when the connection fails, closes, or stays disconnected past the grace. */
function watchConnection(peer: RTCPeerConnection, onDropped: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isOver = false;
  const drop = () => {
    if (isOver) return;
    isOver = true;
    onDropped();
  };
  const onChange = () => {
    clearTimeout(timer);
    if (peer.connectionState === 'failed' || peer.connectionState === 'closed') drop();
    else if (peer.connectionState === 'disconnected') timer = setTimeout(drop, disconnectedGraceMs);
  };
  peer.addEventListener('connectionstatechange', onChange);
  return () => {
    isOver = true;
    clearTimeout(timer);
    peer.removeEventListener('connectionstatechange', onChange);
  };
}

async function readRefusal(response: Response): Promise<MediaRequestError> {
  let message = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not JSON: the status says enough.
  }
  return new MediaRequestError(response.status, message);
}

/** Offers `peer`'s media at `action` (publish or watch) and applies the answer; answers the session's url. */
async function negotiate(
  peer: RTCPeerConnection,
  options: PublishOptions | WatchOptions,
  action: 'publish' | 'watch',
): Promise<string | null> {
  await peer.setLocalDescription(await peer.createOffer());
  await waitForGathering(peer);
  const base = signallingBase(options.auth.url);
  const room = encodeURIComponent(options.auth.room);
  const response = await fetch(`${base}/${room}/streams/${encodeURIComponent(options.streamId)}/${action}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${options.auth.token}`, 'Content-Type': 'application/sdp' },
    body: peer.localDescription?.sdp ?? '',
  });
  if (!response.ok) throw await readRefusal(response);
  const location = response.headers.get('Location');
  await peer.setRemoteDescription({ type: 'answer', sdp: await response.text() });
  return location;
}

function sessionOf(
  peer: RTCPeerConnection,
  location: string | null,
  token: string,
  stopWatching: () => void,
): MediaSession {
  return {
    async close() {
      stopWatching();
      peer.close();
      if (!location) return;
      // Tells the server at once rather than after its grace; a failure leaves that to the grace.
      await fetch(location, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } }).catch(
        () => undefined,
      );
    },
  };
}

/** Prefers VP8 (what the embedded server forwards) where the browser lets a page choose. */
function preferVp8(transceiver: RTCRtpTransceiver): void {
  const codecs = RTCRtpSender.getCapabilities?.('video')?.codecs ?? [];
  const vp8 = codecs.filter((codec) => codec.mimeType.toLowerCase() === 'video/vp8');
  if (vp8.length > 0 && typeof transceiver.setCodecPreferences === 'function') {
    transceiver.setCodecPreferences([...vp8, ...codecs.filter((codec) => !vp8.includes(codec))]);
  }
}

/** Publishes the camera to the embedded media server (WHIP-style: POST the offer, get the answer). */
export async function publishToEmbedded(options: PublishOptions): Promise<MediaSession> {
  const peer = new RTCPeerConnection({ iceServers: options.auth.iceServers });
  const stopWatching = watchConnection(peer, options.onDropped);
  try {
    for (const track of options.media.getTracks()) {
      const transceiver = peer.addTransceiver(track, {
        direction: 'sendonly',
        streams: [options.media],
        sendEncodings:
          track.kind === 'video'
            ? [{ maxBitrate: streamLimits.maxVideoBitrate, maxFramerate: 30 }]
            : undefined,
      });
      if (track.kind === 'video') preferVp8(transceiver);
    }
    const location = await negotiate(peer, options, 'publish');
    return sessionOf(peer, location, options.auth.token, stopWatching);
  } catch (error) {
    stopWatching();
    peer.close();
    throw error;
  }
}

/** Watches a stream on the embedded media server (WHEP-style). */
export async function watchOnEmbedded(options: WatchOptions): Promise<MediaSession> {
  const peer = new RTCPeerConnection({ iceServers: options.auth.iceServers });
  const stopWatching = watchConnection(peer, options.onDropped);
  try {
    peer.addTransceiver('video', { direction: 'recvonly' });
    peer.addTransceiver('audio', { direction: 'recvonly' });
    const media = new MediaStream();
    peer.addEventListener('track', (event) => {
      media.addTrack(event.track);
      options.onMedia(media);
    });
    const location = await negotiate(peer, options, 'watch');
    return sessionOf(peer, location, options.auth.token, stopWatching);
  } catch (error) {
    stopWatching();
    peer.close();
    throw error;
  }
}
