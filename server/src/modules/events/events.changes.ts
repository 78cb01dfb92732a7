import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { calendars, events } from '../../db/schema/index.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { listMemberIds } from '../calendars/calendars.service.ts';
import type { EventRow } from './events.access.ts';
import { eventSnapshot, syncRsvpLinks } from './events.effects.ts';
import { type EventItem, rootItem } from './events.presenter.ts';
import { type EventFields, fieldsOf, mergeFields, toColumns } from './events.values.ts';

/** The calendar row, deleted or not (for notification snapshots). */
export async function findCalendarRow(tx: Db, calendarId: string) {
  const [row] = await tx.select().from(calendars).where(eq(calendars.id, calendarId));
  return row ?? null;
}

/** Records that the event changed: the RSVP holders are told what, everyone concerned to refresh. */
export async function tellChanged(
  ctx: Pick<AppContext, 'record'>,
  tx: Db,
  actorId: string,
  root: EventRow,
  item: EventItem,
  changes: Partial<EventFields>,
  extraUserIds: string[] = [],
) {
  await ctx.record(tx, {
    type: 'event.changed',
    actorId,
    root: { id: root.id, calendarId: root.calendarId },
    event: eventSnapshot(item),
    changes,
    alsoTell: extraUserIds,
  });
}

/**
 * Saves changes to a single event or a whole series (a new calendar moves it there, with
 * canAdd there). A series whose schedule changes loses its per-occurrence exceptions, as in
 * other calendar apps: they described occurrences the new schedule may not have.
 */
export async function updateRoot(
  ctx: AppContext,
  viewer: Viewer,
  root: EventRow,
  changes: Partial<EventFields>,
  calendarId: string,
): Promise<EventRow> {
  const columns = toColumns(mergeFields(fieldsOf(root), changes));
  const scheduleChanged =
    root.repeatingRule !== null &&
    (columns.repeatingRule !== root.repeatingRule ||
      (columns.startDate as Date).getTime() !== root.startDate.getTime() ||
      columns.isAllDay !== root.isAllDay ||
      columns.startTimezone !== root.startTimezone);
  return transact(ctx, async (tx) => {
    const [updated] = await tx
      .update(events)
      .set({ ...columns, calendarId, lastActionType: 'update', updatedAt: new Date() })
      .where(eq(events.id, root.id))
      .returning();
    if (!updated) throw new Error('event update returned nothing');
    if (scheduleChanged) await tx.delete(events).where(eq(events.parentId, root.id));
    if (calendarId !== root.calendarId) {
      await tx.update(events).set({ calendarId }).where(eq(events.parentId, root.id));
    }
    await syncRsvpLinks(tx, updated);
    const movedFrom = calendarId === root.calendarId ? [] : await listMemberIds(tx, root.calendarId);
    await tellChanged(ctx, tx, viewer.account.id, updated, rootItem(updated), changes, movedFrom);
    return updated;
  });
}

/** Deletes a single event or a whole series: marked deleted, its open invitations withdrawn. */
export async function deleteRoot(ctx: AppContext, viewer: Viewer, root: EventRow): Promise<void> {
  await transact(ctx, async (tx) => {
    await tx
      .update(events)
      .set({ deletedAt: new Date(), lastActionType: 'delete', updatedAt: new Date() })
      .where(eq(events.id, root.id));
    await ctx.record(tx, {
      type: 'event.deleted',
      actorId: viewer.account.id,
      root: { id: root.id, calendarId: root.calendarId },
      event: eventSnapshot(rootItem(root)),
    });
  });
}
