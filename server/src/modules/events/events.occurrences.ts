import type { EventScope } from '@convene/contract';
import { and, eq, gte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { events, userEventStatuses } from '../../db/schema/index.ts';
import { validation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { type EventRow, type EventTarget, seriesShape } from './events.access.ts';
import { deleteRoot, tellChanged, updateRoot } from './events.changes.ts';
import { eventSnapshot } from './events.effects.ts';
import { type EventItem, exceptionItem, rootItem, targetItem } from './events.presenter.ts';
import { type EventFields, fieldsOf, mergeFields, toColumns } from './events.values.ts';
import { countBefore, endRuleBefore, occurrencesFrom, seriesBounds, withCount } from './recurrence.ts';

/** The series' first occurrence start ("this and following" from there means all). */
function firstStart(series: EventRow): Date | null {
  return occurrencesFrom(seriesShape(series), series.startDate, 1)[0] ?? null;
}

/** The fields one occurrence shows: its exception's, else the series' at its own dates. */
function occurrenceFields(target: EventTarget): EventFields {
  const item = targetItem(target);
  if (target.exception) return fieldsOf(target.exception);
  return {
    ...fieldsOf(target.root),
    startDate: item.start.toISOString(),
    endDate: item.end.toISOString(),
    repeatingRule: null,
  };
}

/**
 * Changes the series from its occurrence: moving the occurrence moves every occurrence by the
 * same amount; its duration becomes the series' duration.
 */
function seriesChangesFrom(target: EventTarget, changes: Partial<EventFields>): Partial<EventFields> {
  const item = targetItem(target);
  const { root } = target;
  const start = changes.startDate ? new Date(changes.startDate) : item.start;
  const end = changes.endDate
    ? new Date(changes.endDate)
    : new Date(start.getTime() + (item.end.getTime() - item.start.getTime()));
  const seriesStart = new Date(root.startDate.getTime() + (start.getTime() - item.start.getTime()));
  const moved = changes.startDate !== undefined || changes.endDate !== undefined;
  return moved
    ? {
        ...changes,
        startDate: seriesStart.toISOString(),
        endDate: new Date(seriesStart.getTime() + (end.getTime() - start.getTime())).toISOString(),
      }
    : changes;
}

/** Saves a changed occurrence as its exception row; it no longer follows the series. */
async function changeThisOccurrence(
  ctx: AppContext,
  viewer: Viewer,
  target: EventTarget,
  changes: Partial<EventFields>,
): Promise<EventItem> {
  if (changes.repeatingRule) throw validation('repeatingRule', 'One occurrence cannot repeat');
  const { root } = target;
  const columns = toColumns(mergeFields(occurrenceFields(target), { ...changes, repeatingRule: null }));
  return transact(ctx, async (tx) => {
    const values = { ...columns, lastActionType: 'update', updatedAt: new Date() };
    const [row] = target.exception
      ? await tx.update(events).set(values).where(eq(events.id, target.exception.id)).returning()
      : await tx
          .insert(events)
          .values({
            id: newId(),
            calendarId: root.calendarId,
            ownerId: root.ownerId,
            parentId: root.id,
            occurrenceDate: target.originalStart,
            ...values,
          })
          .returning();
    if (!row) throw new Error('exception write returned nothing');
    const item = exceptionItem(root, row);
    await tellChanged(ctx, tx, viewer.account.id, root, item, changes);
    return item;
  });
}

/**
 * "This and following": the series ends before this occurrence and a new series starts here
 * with the changes. A COUNT carries over as the occurrences left; the invitations are copied,
 * so the same people are invited to both halves.
 */
/**
 * Ends a series just before one of its occurrences (its rule gains an UNTIL) and drops the
 * exceptions from there on; answers the shortened rule.
 */
async function endSeriesBefore(tx: Db, root: EventRow, originalStart: Date): Promise<string> {
  const headRule = endRuleBefore(root.repeatingRule as string, originalStart);
  const headUntil = seriesBounds({ ...seriesShape(root), repeatingRule: headRule }).last;
  await tx
    .update(events)
    .set({ repeatingRule: headRule, seriesUntil: headUntil, lastActionType: 'update', updatedAt: new Date() })
    .where(eq(events.id, root.id));
  await tx.delete(events).where(and(eq(events.parentId, root.id), gte(events.occurrenceDate, originalStart)));
  return headRule;
}

async function splitSeries(
  ctx: AppContext,
  viewer: Viewer,
  target: EventTarget,
  changes: Partial<EventFields>,
): Promise<EventItem> {
  const { root } = target;
  const originalStart = target.originalStart as Date;
  const rule = root.repeatingRule as string;
  const countLeft = /COUNT=(\d+)/.exec(rule);
  const tailRule =
    changes.repeatingRule !== undefined
      ? changes.repeatingRule
      : countLeft
        ? withCount(rule, Number(countLeft[1]) - countBefore(seriesShape(root), originalStart))
        : rule;
  const tailColumns = toColumns(
    mergeFields(occurrenceFields(target), { ...changes, repeatingRule: tailRule }),
  );
  return transact(ctx, async (tx) => {
    await endSeriesBefore(tx, root, originalStart);
    const [tail] = await tx
      .insert(events)
      .values({ id: newId(), calendarId: root.calendarId, ownerId: root.ownerId, ...tailColumns })
      .returning();
    if (!tail) throw new Error('series insert returned nothing');
    const invitations = await tx
      .select()
      .from(userEventStatuses)
      .where(eq(userEventStatuses.eventId, root.id));
    if (invitations.length > 0) {
      await tx.insert(userEventStatuses).values(
        invitations.map((row) => ({
          ...row,
          id: newId(),
          eventId: tail.id,
          eventStart: tail.startDate,
          eventIsSeries: tail.repeatingRule !== null,
        })),
      );
    }
    const item = rootItem(tail);
    await tellChanged(ctx, tx, viewer.account.id, root, item, changes);
    await ctx.record(tx, {
      type: 'series.split',
      actorId: viewer.account.id,
      root: { id: root.id, calendarId: root.calendarId },
      tail: { id: tail.id, calendarId: tail.calendarId },
    });
    return item;
  });
}

/** Edits one occurrence with the chosen scope; answers the item to show. */
export async function updateOccurrence(
  ctx: AppContext,
  viewer: Viewer,
  target: EventTarget,
  changes: Partial<EventFields>,
  scope: EventScope,
  calendarId: string,
): Promise<EventItem> {
  const isFirst = firstStart(target.root)?.getTime() === target.originalStart?.getTime();
  if (scope === 'all' || (scope === 'following' && isFirst)) {
    const updated = await updateRoot(
      ctx,
      viewer,
      target.root,
      seriesChangesFrom(target, changes),
      calendarId,
    );
    return rootItem(updated);
  }
  if (scope === 'following') return splitSeries(ctx, viewer, target, changes);
  return changeThisOccurrence(ctx, viewer, target, changes);
}

/** Deletes one occurrence (a cancelled exception), this and following, or the series. */
export async function deleteOccurrence(
  ctx: AppContext,
  viewer: Viewer,
  target: EventTarget,
  scope: EventScope,
): Promise<void> {
  const { root } = target;
  const originalStart = target.originalStart as Date;
  const isFirst = firstStart(root)?.getTime() === originalStart.getTime();
  if (scope === 'all' || (scope === 'following' && isFirst)) return deleteRoot(ctx, viewer, root);
  await transact(ctx, async (tx) => {
    const item = targetItem(target);
    if (scope === 'following') {
      const headRule = await endSeriesBefore(tx, root, originalStart);
      await tellChanged(ctx, tx, viewer.account.id, root, rootItem(root), { repeatingRule: headRule });
      return;
    }
    const cancelled = { isCancelled: true, lastActionType: 'delete', updatedAt: new Date() };
    if (target.exception) {
      await tx.update(events).set(cancelled).where(eq(events.id, target.exception.id));
    } else {
      await tx.insert(events).values({
        id: newId(),
        calendarId: root.calendarId,
        ownerId: root.ownerId,
        parentId: root.id,
        occurrenceDate: originalStart,
        ...toColumns(occurrenceFields(target)),
        ...cancelled,
      });
    }
    await ctx.record(tx, {
      type: 'occurrence.cancelled',
      actorId: viewer.account.id,
      root: { id: root.id, calendarId: root.calendarId },
      event: eventSnapshot(item),
    });
  });
}
