import type { RealtimeMessage, ServerToClientMessages } from '@convene/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useEffect, useRef, useState } from 'react';
import {
  connectRealtime,
  preloadRealtime,
  queryKeysForMessage,
  type RealtimeSocket,
  realtimeInvalidations,
} from './realtime.ts';

/**
 * A feature's own reaction to the open socket (the activity feed's debounced refresh, say);
 * answers the function that stops it. The shell passes them in, so api/ imports no feature.
 */
export type RealtimeSubscriber = (socket: RealtimeSocket, queryClient: QueryClient) => () => void;

interface RealtimeProviderProps {
  /** The signed-in user's token; null keeps the socket closed. */
  loginToken: string | null;
  /**
   * Loads what is started with every socket; a stable function (a module constant), or the
   * socket reopens. Loaded with the socket, so the first page does without their code (issue 12).
   */
  loadSubscribers: () => Promise<readonly RealtimeSubscriber[]>;
  children: ReactNode;
}

type Listener = (message: RealtimeMessage, payload: unknown) => void;

/** Screens that react to a message themselves (leave a deleted calendar, say) listen here. */
const RealtimeListenersContext = createContext<Set<Listener> | null>(null);

/** Wires an open socket to the query cache and the listeners; returns what closes it. */
export function listen(
  socket: RealtimeSocket,
  queryClient: QueryClient,
  listeners: Set<Listener>,
  subscribers: readonly RealtimeSubscriber[],
): () => void {
  let hasConnected = false;
  socket.on('connect', () => {
    // Messages sent while the socket was down are lost: refetch everything shown, but for queries
    // that catch up by themselves (meta.catchesUpOnReconnect: a subscriber fetches only what is
    // new, as the chat's message pages do instead of refetching every page they hold).
    if (hasConnected) {
      void queryClient.invalidateQueries({ predicate: (query) => query.meta?.catchesUpOnReconnect !== true });
    }
    hasConnected = true;
  });
  // onAny runs before the handlers below, so a screen can leave before its queries refetch.
  socket.onAny((message: RealtimeMessage, payload: unknown) => {
    for (const listener of listeners) listener(message, payload);
  });
  for (const message of Object.keys(realtimeInvalidations) as RealtimeMessage[]) {
    socket.on(message, (payload: Parameters<typeof queryKeysForMessage>[1]) => {
      for (const queryKey of queryKeysForMessage(message, payload)) {
        void queryClient.invalidateQueries({ queryKey });
      }
    });
  }
  const stops = subscribers.map((subscribe) => subscribe(socket, queryClient));
  return () => {
    for (const stop of stops) stop();
    socket.disconnect();
  };
}

/** The query cache, loaded with the socket (not with the first page: issue 12). */
const loadQueryClient = () => import('./queryClient.ts').then((m) => m.queryClient);

/** Keeps the socket open while signed in and turns realtime messages into query invalidations. */
export function RealtimeProvider({ loginToken, loadSubscribers, children }: RealtimeProviderProps) {
  const [listeners] = useState(() => new Set<Listener>());

  useEffect(() => {
    if (!loginToken) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // All load at once; the socket opens once the cache and the subscribers are there, so no
    // event comes before listen.
    preloadRealtime();
    void Promise.all([loadQueryClient(), loadSubscribers()]).then(([queryClient, subscribers]) =>
      connectRealtime(loginToken).then((socket) => {
        if (cancelled) {
          socket.disconnect();
          return;
        }
        stop = listen(socket, queryClient, listeners, subscribers);
      }),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [loginToken, listeners, loadSubscribers]);

  return <RealtimeListenersContext value={listeners}>{children}</RealtimeListenersContext>;
}

/** Calls onMessage with every `message` the socket receives while the calling component is mounted. */
export function useRealtimeMessage<M extends RealtimeMessage>(
  message: M,
  onMessage: (payload: Parameters<ServerToClientMessages[M]>[0]) => void,
): void {
  const listeners = use(RealtimeListenersContext);
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!listeners) return;
    const listener: Listener = (received, payload) => {
      if (received === message) latest.current(payload as Parameters<ServerToClientMessages[M]>[0]);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listeners, message]);
}
