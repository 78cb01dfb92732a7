import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { events, userEventStatuses } from '../../db/schema/index.ts';

/**
 * In the transaction that deletes a calendar: its events are marked deleted, recorded as
 * `calendar.eventsDeleted` with the sent invitations to them, so people invited from outside the
 * calendar are told (members hear of the calendar itself).
 */
export async function deleteCalendarEvents(
  ctx: Pick<AppContext, 'record'>,
  tx: Db,
  calendarId: string,
): Promise<void> {
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
  await ctx.record(tx, {
    type: 'calendar.eventsDeleted',
    calendarId,
    eventIds: deleted,
    invitations: invited.flatMap(({ userId, eventId }) => (userId ? [{ userId, eventId }] : [])),
  });
}
