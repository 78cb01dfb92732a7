import type { RealtimeMessage } from '@convene/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { connectRealtime, queryKeysForMessage, realtimeInvalidations } from './realtime.ts';

interface RealtimeProviderProps {
  /** The signed-in user's token; null keeps the socket closed. */
  loginToken: string | null;
  children: ReactNode;
}

/** Keeps the socket open while signed in and turns realtime messages into query invalidations. */
export function RealtimeProvider({ loginToken, children }: RealtimeProviderProps) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!loginToken) return;
    const socket = connectRealtime(loginToken);
    let hasConnected = false;
    socket.on('connect', () => {
      // Messages sent while the socket was down are lost: refetch everything shown.
      if (hasConnected) void queryClient.invalidateQueries();
      hasConnected = true;
    });
    for (const message of Object.keys(realtimeInvalidations) as RealtimeMessage[]) {
      socket.on(message, (payload: Parameters<typeof queryKeysForMessage>[1]) => {
        for (const queryKey of queryKeysForMessage(message, payload)) {
          void queryClient.invalidateQueries({ queryKey });
        }
      });
    }
    return () => {
      socket.disconnect();
    };
  }, [loginToken, queryClient]);

  return children;
}
