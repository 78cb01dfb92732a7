import type { StreamsProvider } from '../src/modules/streams/streams.provider.ts';

/** One call the records made of the media plane, after commit. */
export type MediaCall = { method: 'endStream' | 'removeParticipant'; room: string; id: string };

/**
 * The remote media service stood in by a recorder: what the records ask of it after commit,
 * and the publisher-gone listener the media plane would call.
 */
export function recordingProvider() {
  const calls: MediaCall[] = [];
  const gone: Array<(room: string, streamId: string) => void> = [];
  const provider: StreamsProvider = {
    kind: 'livekit',
    url: 'wss://media.example.test',
    apiKey: 'APIrecording',
    apiSecret: 'a-recording-secret-of-at-least-32-characters',
    endStream: async (room, streamId) => {
      calls.push({ method: 'endStream', room, id: streamId });
    },
    removeParticipant: async (room, identity) => {
      calls.push({ method: 'removeParticipant', room, id: identity });
    },
    onPublisherGone: (listener) => {
      gone.push(listener);
    },
    close: async () => undefined,
  };
  return { provider, calls, gone };
}
