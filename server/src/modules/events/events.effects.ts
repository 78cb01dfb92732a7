import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import {
  calendarMembers,
  type calendars,
  type NotificationCalendar,
  type NotificationEvent,
  userEventStatuses,
} from '../../db/schema/index.ts';
import { recordRealtime } from '../../platform/realtimeOutbox.ts';
import type { EventRow } from './events.access.ts';
import { countedRsvp, type EventItem } from './events.presenter.ts';

/** The event as a notification remembers it. */
export function eventSnapshot(item: EventItem): NotificationEvent {
  return {
    eventId: item.key,
    name: item.source.name,
    startDate: item.start.toISOString(),
    endDate: item.end.toISOString(),
    timezone: item.source.startTimezone,
    isAllDay: item.source.isAllDay,
    kind: item.source.kind,
  };
}

/** The calendar as a notification remembers it. */
export function calendarSnapshot(calendar: typeof calendars.$inferSelect): NotificationCalendar {
  return {
    calendarId: calendar.id,
    name: calendar.name,
    color: calendar.color,
    visibility: calendar.visibility,
  };
}

/** Registered people holding an RSVP to the event (its owner and the invitations sent). */
export async function listRsvpUserIds(tx: Db, eventId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: userEventStatuses.userId })
    .from(userEventStatuses)
    .where(and(eq(userEventStatuses.eventId, eventId), isNotNull(userEventStatuses.userId), countedRsvp));
  return rows.flatMap((row) => (row.userId ? [row.userId] : []));
}

/** Everyone an event concerns: the confirmed members of its calendar and its RSVP holders. */
export async function listConcernedUserIds(
  tx: Db,
  root: Pick<EventRow, 'id' | 'calendarId'>,
): Promise<string[]> {
  const [members, holders] = await Promise.all([
    tx
      .select({ userId: calendarMembers.userId })
      .from(calendarMembers)
      .where(and(eq(calendarMembers.calendarId, root.calendarId), eq(calendarMembers.isConfirmed, true))),
    listRsvpUserIds(tx, root.id),
  ]);
  return [...new Set([...members.flatMap((row) => (row.userId ? [row.userId] : [])), ...holders])];
}

/** Records, for after commit, the realtime `event` message to each of the given people. */
export async function announceEvent(
  tx: Db,
  userIds: string[],
  eventId: string,
  lastActionType: 'create' | 'update' | 'delete',
): Promise<void> {
  await recordRealtime(
    tx,
    [...new Set(userIds)].map((userId) => ({
      userId,
      message: 'event',
      payload: { eventId, lastActionType },
    })),
  );
}

/**
 * Up to this many registered RSVP holders, a change of one RSVP is told to all of them (their
 * open event pages show everyone's answers); past it, only to the people it directly concerns,
 * so one answer never writes thousands of outbox rows. Others see it on their next read.
 */
export const rsvpBroadcastMax = 100;

/**
 * Records the realtime `userEventStatus` message to each of the given people (the event's owner,
 * the person answering, whoever invited them: the screens whose counts must move at once) and,
 * for an event of at most rsvpBroadcastMax registered RSVP holders, to every one of them.
 */
export async function announceRsvp(
  tx: Db,
  userIds: string[],
  eventId: string,
  userEventStatusId: string,
): Promise<void> {
  const holders = await tx
    .select({ userId: userEventStatuses.userId })
    .from(userEventStatuses)
    .where(and(eq(userEventStatuses.eventId, eventId), isNotNull(userEventStatuses.userId), countedRsvp))
    .limit(rsvpBroadcastMax + 1);
  const everyone =
    holders.length <= rsvpBroadcastMax ? holders.flatMap((row) => (row.userId ? [row.userId] : [])) : [];
  await recordRealtime(
    tx,
    [...new Set([...userIds, ...everyone])].map((userId) => ({
      userId,
      message: 'userEventStatus',
      payload: { eventId, userEventStatusId },
    })),
  );
}

/** Keeps the RSVP rows' copy of the event's start in step, so invitation links page right. */
export async function syncRsvpLinks(tx: Db, root: EventRow): Promise<void> {
  await tx
    .update(userEventStatuses)
    .set({ eventStart: root.startDate, eventIsSeries: root.repeatingRule !== null })
    .where(eq(userEventStatuses.eventId, root.id));
}
