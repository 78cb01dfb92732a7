import type {
  ClientToServerMessages,
  RealtimeAuth,
  RealtimeMessage,
  ServerToClientMessages,
} from '@convene/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { queryKeys } from './queryKeys.ts';

/** The signed-in user's socket on their private channel. */
export type RealtimeSocket = Socket<ServerToClientMessages, ClientToServerMessages>;

/** The Socket.IO client, a chunk of its own: the sign-in screen draws without it. */
const loadClient = () => import('socket.io-client');

/**
 * Fetches the Socket.IO client ahead of need (a stored session at start, the sign-in screen once
 * drawn), so the socket opens as soon as there is a session instead of a download later:
 * messages sent before it is open are not received.
 */
export function preloadRealtime(): void {
  void loadClient().catch(() => undefined);
}

/** Opens the realtime connection (same origin, /socket.io), authenticated at the handshake. */
export async function connectRealtime(loginToken: string): Promise<RealtimeSocket> {
  const { io } = await loadClient();
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

/**
 * The people of a calendar changed (a role, a removal, an answer, an offer of ownership): its People
 * list, and the calendar itself (its count, the viewer's abilities).
 */
function calendarMembersQueries({ calendarId }: Payload<'calendarMembers'>): QueryKey[] {
  return [queryKeys.calendarPeople(calendarId), queryKeys.calendar(calendarId)];
}

/**
 * What an event message makes stale: every agenda list and every open event (an occurrence's
 * id starts with its series' id, and a series change moves its occurrences). A deleted event
 * refetches into a 404, which its screen shows as not found (PRODUCT.md §1.4).
 */
function eventQueries(): QueryKey[] {
  return [queryKeys.eventLists, queryKeys.eventDetails, queryKeys.myRsvps];
}

/** An RSVP changed: counts in lists and on the event, the attendees and one's own answer. */
function userEventStatusQueries(): QueryKey[] {
  return [queryKeys.eventLists, queryKeys.eventDetails, queryKeys.eventAttendeeLists, queryKeys.myRsvps];
}

/** For each realtime message, the queries it makes stale. Features add their messages here. */
export const realtimeInvalidations: { [M in RealtimeMessage]?: (payload: Payload<M>) => QueryKey[] } = {
  account: () => [queryKeys.account],
  calendar: calendarQueries,
  calendarLink: calendarQueries,
  calendarMembers: calendarMembersQueries,
  event: eventQueries,
  userEventStatus: userEventStatusQueries,
};

/** The query keys a received message invalidates (none for a message nobody listens to). */
export function queryKeysForMessage<M extends RealtimeMessage>(message: M, payload: Payload<M>): QueryKey[] {
  const toKeys = realtimeInvalidations[message] as ((value: Payload<M>) => QueryKey[]) | undefined;
  return toKeys ? toKeys(payload) : [];
}
