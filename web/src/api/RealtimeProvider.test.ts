import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { listen, type RealtimeSubscriber } from './RealtimeProvider.tsx';
import type { RealtimeSocket } from './realtime.ts';

/** Just enough of a Socket.IO client for listen(): handlers are kept, nothing is sent. */
function fakeSocket() {
  const state = { handlers: 0, disconnected: false };
  const socket = {
    on: () => {
      state.handlers += 1;
      return socket;
    },
    onAny: () => socket,
    disconnect: () => {
      state.disconnected = true;
      return socket;
    },
  };
  return { socket: socket as unknown as RealtimeSocket, state };
}

describe('realtime subscribers', () => {
  it('starts every subscriber with the socket and the query cache, and stops each on close', () => {
    const { socket, state } = fakeSocket();
    const queryClient = new QueryClient();
    const calls: string[] = [];
    const subscriber =
      (name: string): RealtimeSubscriber =>
      (received, cache) => {
        expect(received).toBe(socket);
        expect(cache).toBe(queryClient);
        calls.push(`start ${name}`);
        return () => calls.push(`stop ${name}`);
      };

    const close = listen(socket, queryClient, new Set(), [subscriber('a'), subscriber('b')]);
    expect(calls).toEqual(['start a', 'start b']);
    expect(state.handlers).toBeGreaterThan(0);

    close();
    expect(calls).toEqual(['start a', 'start b', 'stop a', 'stop b']);
    expect(state.disconnected).toBe(true);
  });
});
