import type {
  ClientToServerMessages,
  RealtimeAuth,
  RealtimeMessage,
  ServerToClientMessages,
} from '@convene/contract';
import type { QueryKey } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { queryKeys } from './queryKeys.ts';

/** The signed-in user's socket on their private channel. */
export type RealtimeSocket = Socket<ServerToClientMessages, ClientToServerMessages>;

/** Opens the realtime connection (same origin, /socket.io), authenticated at the handshake. */
export function connectRealtime(loginToken: string): RealtimeSocket {
  const auth: RealtimeAuth = { loginToken };
  return io({ path: '/socket.io', auth, transports: ['websocket', 'polling'] });
}

type Payload<M extends RealtimeMessage> = Parameters<ServerToClientMessages[M]>[0];

/**
 * What a calendar or calendarLink message makes stale. A deleted calendar refreshes only the list:
 * a screen showing it leaves on its own (useCalendarRemovedNotice) instead of refetching into a 404.
 */
function calendarQueries({ calendarId, lastActionType }: Payload<'calendar'>): QueryKey[] {
  if (lastActionType === 'delete') return [queryKeys.calendarList];
  return [queryKeys.calendarList, queryKeys.calendar(calendarId), queryKeys.calendarPeople(calendarId)];
}

/** For each realtime message, the queries it makes stale. Features add their messages here. */
export const realtimeInvalidations: { [M in RealtimeMessage]?: (payload: Payload<M>) => QueryKey[] } = {
  account: () => [queryKeys.account],
  calendar: calendarQueries,
  calendarLink: calendarQueries,
};

/** The query keys a received message invalidates (none for a message nobody listens to). */
export function queryKeysForMessage<M extends RealtimeMessage>(message: M, payload: Payload<M>): QueryKey[] {
  const toKeys = realtimeInvalidations[message] as ((value: Payload<M>) => QueryKey[]) | undefined;
  return toKeys ? toKeys(payload) : [];
}
