import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { events, userEventStatuses } from '../../db/schema/index.ts';
import { withdrawPendingRequests } from '../notifications/notifications.service.ts';
import { announceEvent } from './events.effects.ts';

/**
 * In the transaction that deletes a calendar: its events are marked deleted and people invited
 * to them from outside the calendar are told (members hear of the calendar itself).
 */
export async function deleteCalendarEvents(tx: Db, calendarId: string): Promise<void> {
  const now = new Date();
  const changes = { deletedAt: now, lastActionType: 'delete', updatedAt: now };
  const live = and(eq(events.calendarId, calendarId), isNull(events.parentId), isNull(events.deletedAt));
  // Two statements, each matching one partial index (single events, series).
  const deleted = [
    ...(await tx
      .update(events)
      .set(changes)
      .where(and(live, isNull(events.repeatingRule)))
      .returning({ id: events.id })),
    ...(await tx
      .update(events)
      .set(changes)
      .where(and(live, isNotNull(events.repeatingRule)))
      .returning({ id: events.id })),
  ].map((row) => row.id);
  if (deleted.length === 0) return;
  const invited = await tx
    .selectDistinct({ userId: userEventStatuses.userId, eventId: userEventStatuses.eventId })
    .from(userEventStatuses)
    .where(and(inArray(userEventStatuses.eventId, deleted), isNotNull(userEventStatuses.sharedAt)));
  for (const { userId, eventId } of invited) {
    if (userId) await announceEvent(tx, [userId], eventId, 'delete');
  }
  const invitees = [...new Set(invited.flatMap((row) => (row.userId ? [row.userId] : [])))];
  await withdrawPendingRequests(tx, invitees, { type: 'shareEvent', calendarId });
}
