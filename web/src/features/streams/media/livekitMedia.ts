import { streamLimits } from '@convene/contract';
import {
  type RemoteTrack,
  type RemoteTrackPublication,
  Room,
  RoomEvent,
  type TrackPublication,
} from 'livekit-client';
import type { MediaSession, PublishOptions, WatchOptions } from './mediaTypes.ts';

// Loaded only when the server says STREAMS_PROVIDER=livekit (mediaSession.ts imports this module
// lazily): the LiveKit client is ~320 KiB gzipped and no other mode needs it.

/** Tracks of one stream are published under its id (several streams share the event's room). */
const isOfStream = (publication: TrackPublication, streamId: string) => publication.trackName === streamId;

/** Joins the event's room with the token and publishes the camera and microphone as `streamId`. */
export async function publishToLivekit(options: PublishOptions): Promise<MediaSession> {
  const room = new Room({ adaptiveStream: false, dynacast: true });
  room.on(RoomEvent.Disconnected, options.onDropped);
  await room.connect(options.auth.url, options.auth.token);
  try {
    for (const track of options.media.getTracks()) {
      await room.localParticipant.publishTrack(track, {
        name: options.streamId,
        stream: options.streamId,
        simulcast: false,
        videoEncoding: { maxBitrate: streamLimits.maxVideoBitrate, maxFramerate: 30 },
      });
    }
  } catch (error) {
    room.off(RoomEvent.Disconnected, options.onDropped);
    await room.disconnect();
    throw error;
  }
  return {
    async close() {
      room.off(RoomEvent.Disconnected, options.onDropped);
      await room.disconnect();
    },
  };
}

/** Joins the event's room with the token and hands over the tracks of `streamId` as they arrive. */
export async function watchOnLivekit(options: WatchOptions): Promise<MediaSession> {
  const room = new Room({ adaptiveStream: true });
  const media = new MediaStream();
  room.on(RoomEvent.TrackSubscribed, (track: RemoteTrack, publication: RemoteTrackPublication) => {
    if (!isOfStream(publication, options.streamId)) return;
    media.addTrack(track.mediaStreamTrack);
    options.onMedia(media);
  });
  room.on(RoomEvent.TrackUnpublished, (publication: RemoteTrackPublication) => {
    // The broadcaster stopped: the viewer leaves (PRODUCT.md §2.4 Streams).
    if (isOfStream(publication, options.streamId) && publication.kind === 'video') options.onDropped();
  });
  room.on(RoomEvent.Disconnected, options.onDropped);
  await room.connect(options.auth.url, options.auth.token, { autoSubscribe: true });
  return {
    async close() {
      room.off(RoomEvent.Disconnected, options.onDropped);
      await room.disconnect();
    },
  };
}
