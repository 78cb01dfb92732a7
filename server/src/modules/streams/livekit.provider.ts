import { RoomServiceClient, ServerError, WebhookReceiver } from 'livekit-server-sdk';
import type { StreamsConfig } from '../../config.ts';
import type { StreamsProvider } from './streams.provider.ts';

/** A streamId as clients name their published track in LiveKit mode (the track name). */
const streamIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * LiveKit mode's provider: a LiveKit deployment carries the media. Clients publish each stream as
 * a track named by its streamId; LiveKit's webhook tells us when a broadcaster is gone, its room
 * API disconnects people.
 */
export interface LivekitProvider extends StreamsProvider {
  readonly kind: 'livekit';
  /**
   * Verifies one webhook call (the Authorization JWT signed with our key pair, carrying the
   * body's sha256) and tells the listeners; unknown events are ignored. False when the signature
   * does not verify.
   */
  receiveWebhook(body: string, authorization: string | undefined): Promise<boolean>;
  /** A participant left a room (or its connection was aborted): streams they broadcast there ended. */
  onParticipantGone(listener: (room: string, identity: string) => Promise<void> | void): void;
  /** A room closed: every stream in it ended. */
  onRoomFinished(listener: (room: string) => Promise<void> | void): void;
}

type Listener<A extends unknown[]> = (...args: A) => Promise<void> | void;

/** The room API's "no such room or participant": there is nothing to disconnect. */
function isNotFound(error: unknown): boolean {
  return error instanceof ServerError && (error.status === 404 || error.code === 'not_found');
}

/** Builds the LiveKit provider from STREAMS_PROVIDER=livekit's configuration. */
export function createLivekitProvider(livekit: NonNullable<StreamsConfig['livekit']>): LivekitProvider {
  // The room API speaks https where clients speak wss (the SDK maps ws→http itself).
  const rooms = new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret, {
    requestTimeout: 10,
    failover: false,
  });
  const receiver = new WebhookReceiver(livekit.apiKey, livekit.apiSecret);
  const publisherGone: Array<Listener<[string, string]>> = [];
  const participantGone: Array<Listener<[string, string]>> = [];
  const roomFinished: Array<Listener<[string]>> = [];

  const removeParticipant = async (room: string, identity: string) => {
    try {
      await rooms.removeParticipant(room, identity);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  };

  return {
    kind: 'livekit',
    url: livekit.url,
    apiKey: livekit.apiKey,
    apiSecret: livekit.apiSecret,
    /**
     * LiveKit's server API cannot unpublish someone's track, and muting it would leave the
     * broadcaster's page streaming into nothing: the broadcaster (the participant publishing the
     * stream's track) is removed from the room. Viewers see the track go and leave the stream.
     */
    async endStream(room, streamId) {
      let participants: Awaited<ReturnType<RoomServiceClient['listParticipants']>>;
      try {
        participants = await rooms.listParticipants(room);
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
      const broadcasters = participants.filter((participant) =>
        participant.tracks.some((track) => track.name === streamId),
      );
      for (const participant of broadcasters) await removeParticipant(room, participant.identity);
    },
    removeParticipant,
    onPublisherGone(listener) {
      publisherGone.push(listener);
    },
    onParticipantGone(listener) {
      participantGone.push(listener);
    },
    onRoomFinished(listener) {
      roomFinished.push(listener);
    },
    async receiveWebhook(body, authorization) {
      let event: Awaited<ReturnType<WebhookReceiver['receive']>>;
      try {
        event = await receiver.receive(body, authorization);
      } catch {
        return false;
      }
      const room = event.room?.name;
      if (!room) return true;
      switch (event.event) {
        case 'track_unpublished': {
          const name = event.track?.name ?? '';
          if (streamIdPattern.test(name)) for (const listener of publisherGone) await listener(room, name);
          return true;
        }
        case 'participant_left':
        case 'participant_connection_aborted': {
          const identity = event.participant?.identity;
          if (identity) for (const listener of participantGone) await listener(room, identity);
          return true;
        }
        case 'room_finished':
          for (const listener of roomFinished) await listener(room);
          return true;
        default:
          return true;
      }
    },
    close: async () => undefined,
  };
}
