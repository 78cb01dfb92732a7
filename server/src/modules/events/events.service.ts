import type { createEventBody, deleteEventBody, Event, updateEventBody } from '@convene/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { events, userEventStatuses } from '../../db/schema/index.ts';
import { validation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { getCalendarAccess } from '../calendars/calendars.access.ts';
import { calendarPolicy } from '../calendars/calendars.policy.ts';
import { type EventAccess, findEventTarget, findEventWithAccess, getEventAccess } from './events.access.ts';
import { deleteRoot, updateRoot } from './events.changes.ts';
import { calendarSnapshot, eventSnapshot } from './events.effects.ts';
import { deleteOccurrence, updateOccurrence } from './events.occurrences.ts';
import { eventPolicy } from './events.policy.ts';
import { type EventItem, loadViewContext, presentEvent, rootItem, targetItem } from './events.presenter.ts';
import { changedFields, toColumns } from './events.values.ts';

/**
 * Presents one item for the viewer (every field, or only `fields`), seen in their link calendar
 * when not in its own.
 */
export async function presentOne(db: Db, viewerId: string, item: EventItem): Promise<Event>;
export async function presentOne(
  db: Db,
  viewerId: string,
  item: EventItem,
  fields: ReadonlyArray<keyof Event> | undefined,
): Promise<Partial<Event>>;
export async function presentOne(
  db: Db,
  viewerId: string,
  item: EventItem,
  fields?: ReadonlyArray<keyof Event>,
): Promise<Partial<Event>> {
  const context = await loadViewContext(db, viewerId, [item]);
  const member = context.calendars.get(item.root.calendarId)?.member;
  const viewedIn = member?.isConfirmed
    ? item.root.calendarId
    : (context.mine.get(item.root.id)?.linkCalendarId ?? item.root.calendarId);
  return presentEvent(item, context, viewedIn, fields);
}

/** One event or occurrence as the viewer sees it (404 when they may not). */
export async function getEvent(
  ctx: AppContext,
  viewer: Viewer,
  eventId: string,
  fields?: Array<keyof Event>,
): Promise<Partial<Event>> {
  const { target } = await findEventWithAccess(ctx.db, eventId, viewer.account.id);
  return presentOne(ctx.db, viewer.account.id, targetItem(target), fields);
}

/**
 * Creates an event in a calendar where the viewer can add. The owner's own RSVP (attending)
 * is written with it; the calendar's members are told it was added.
 */
export async function createEvent(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof createEventBody>,
): Promise<Event> {
  const access = await getCalendarAccess(ctx.db, body.calendarId, viewer.account.id);
  calendarPolicy.authorize(access, 'addEvent');
  const { calendarId, ...fields } = body;
  const columns = toColumns(fields);
  const row = await transact(ctx, async (tx) => {
    const [created] = await tx
      .insert(events)
      .values({ id: newId(), calendarId, ownerId: viewer.account.id, ...columns })
      .returning();
    if (!created) throw new Error('event insert returned nothing');
    await tx.insert(userEventStatuses).values({
      id: newId(),
      eventId: created.id,
      userId: viewer.account.id,
      email: viewer.account.email,
      name: viewer.account.name,
      groupId: calendarId,
      rsvp: 'attending',
      eventStart: created.startDate,
      eventIsSeries: created.repeatingRule !== null,
    });
    await ctx.record(tx, {
      type: 'event.created',
      actorId: viewer.account.id,
      root: { id: created.id, calendarId },
      calendar: calendarSnapshot(access.calendar),
      event: eventSnapshot(rootItem(created)),
    });
    return created;
  });
  return presentOne(ctx.db, viewer.account.id, rootItem(row));
}

/**
 * PUT /api/event: the owner or an editor of the originating calendar changes an event, a
 * series, or an occurrence (scope this | following | all; default this).
 */
export async function updateEvent(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof updateEventBody>,
): Promise<Event> {
  const { target, access } = await findEventWithAccess(ctx.db, body.eventId, viewer.account.id);
  eventPolicy.authorize(access, 'editEvent');
  const changes = changedFields(body);
  const scope = body.scope ?? 'this';
  if (body.calendarId !== target.root.calendarId) {
    if (target.originalStart && scope !== 'all')
      throw validation('calendarId', 'Only a whole series moves to another calendar');
    calendarPolicy.authorize(await getCalendarAccess(ctx.db, body.calendarId, viewer.account.id), 'addEvent');
  }
  if (target.originalStart) {
    const item = await updateOccurrence(ctx, viewer, target, changes, scope, body.calendarId);
    return presentOne(ctx.db, viewer.account.id, item);
  }
  const updated = await updateRoot(ctx, viewer, target.root, changes, body.calendarId);
  return presentOne(ctx.db, viewer.account.id, rootItem(updated));
}

/** 'Remove': an invitee takes the event out of their own calendar; their RSVP stays. */
async function removeFromCalendar(ctx: AppContext, viewer: Viewer, access: EventAccess, key: string) {
  await transact(ctx, async (tx) => {
    if (access.invitation) {
      await tx
        .update(userEventStatuses)
        .set({ linkCalendarId: null, updatedAt: new Date() })
        .where(eq(userEventStatuses.id, access.invitation.id));
    }
    await ctx.record(tx, { type: 'event.removedFromCalendar', actorId: viewer.account.id, eventId: key });
  });
}

/**
 * DELETE /api/event. The owner or an editor of the originating calendar deletes (an
 * occurrence: this one, this and following, or all; default this). Someone who holds the event
 * only as a link in their own calendar (an invitation) removes it from that calendar instead.
 */
export async function deleteEvent(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof deleteEventBody>,
): Promise<void> {
  const target = await findEventTarget(ctx.db, body.eventId);
  if (body.parentId && body.parentId !== (target.originalStart ? target.root.id : null))
    throw validation('parentId', 'parentId is not the series of this occurrence');
  const access = await getEventAccess(ctx.db, target.root, viewer.account.id);
  const linkCalendarId = access.invitation?.linkCalendarId ?? null;
  if (body.calendarId !== target.root.calendarId && body.calendarId !== linkCalendarId)
    throw validation('calendarId', 'The event is not in this calendar');
  if (!eventPolicy.can(access, 'deleteEvent')) {
    if (eventPolicy.can(access, 'removeEvent') && body.calendarId === linkCalendarId) {
      return removeFromCalendar(ctx, viewer, access, targetItem(target).key);
    }
    eventPolicy.authorize(access, 'deleteEvent');
  }
  if (target.originalStart) return deleteOccurrence(ctx, viewer, target, body.scope ?? 'this');
  return deleteRoot(ctx, viewer, target.root);
}
