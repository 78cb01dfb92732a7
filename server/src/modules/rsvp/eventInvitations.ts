import type { createUserEventStatusBody, shareEventBody, unshareEventBody } from '@convene/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { blockedEitherWay } from '../../db/blocks.ts';
import type { Db } from '../../db/connect.ts';
import { calendarMembers, calendars, userEventStatuses } from '../../db/schema/index.ts';
import { notFound, validation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { type EventAccess, type EventRow, findEventWithAccess } from '../events/events.access.ts';
import { findCalendarRow } from '../events/events.changes.ts';
import { calendarSnapshot, eventSnapshot } from '../events/events.effects.ts';
import { eventPolicy } from '../events/events.policy.ts';
import { rootItem } from '../events/events.presenter.ts';
import type { InvitationKindHandlers, InvitationTarget } from '../invitations/invitations.kinds.ts';
import {
  alreadyInvited,
  findInvitee,
  invitationWithdrawn,
  sendInvitation,
  withdrawInvitation,
} from '../invitations/invitations.service.ts';
import { rsvpPolicy } from './rsvp.policy.ts';

/**
 * The event kind of invitation (`user_event_statuses` rows: a pending RSVP is an invitation):
 * adding an invitee, and what the one invitations flow (modules/invitations) needs to send,
 * withdraw, answer and attach it.
 */

/**
 * The event and the viewer's right to invite to it: groupId must be its originating calendar,
 * where the viewer needs canShare, and the event must not be 'info' (PRODUCT.md §2.5).
 */
async function loadForInviting(ctx: AppContext, viewer: Viewer, eventId: string, groupId: string) {
  const { target, access } = await findEventWithAccess(ctx.db, eventId, viewer.account.id);
  if (groupId !== target.root.calendarId) throw validation('groupId', 'groupId must be the event’s calendar');
  return access;
}

async function findRsvp(db: Db, event: EventRow, rsvpId: string) {
  const [row] = await db
    .select()
    .from(userEventStatuses)
    .where(and(eq(userEventStatuses.id, rsvpId), eq(userEventStatuses.eventId, event.id)));
  if (!row) throw notFound('No such invitation');
  return row;
}

/** The registered person's personal calendar, where an event shared with them appears. */
async function findPersonalCalendarId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: calendars.id })
    .from(calendars)
    .where(and(eq(calendars.ownerId, userId), eq(calendars.isPersonal, true), isNull(calendars.deletedAt)));
  return row?.id ?? null;
}

/** Whether someone already sees the calendar as a confirmed member. */
async function isConfirmedMember(db: Db, calendarId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: calendarMembers.id })
    .from(calendarMembers)
    .where(
      and(
        eq(calendarMembers.calendarId, calendarId),
        eq(calendarMembers.userId, userId),
        eq(calendarMembers.isConfirmed, true),
      ),
    );
  return Boolean(row);
}

/**
 * POST /api/userEventStatuses: adds an invitee (registered, or by e-mail) with a pending RSVP
 * that is not yet sent; POST /api/share/event sends it. 409 ALREADY_INVITED when present.
 */
export async function addEventInvitee(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof createUserEventStatusBody>,
): Promise<{ userEventStatusId: string }> {
  const access = await loadForInviting(ctx, viewer, body.eventId, body.groupId);
  eventPolicy.authorize(access, 'shareEvent');
  const invitee = await findInvitee(ctx.db, viewer, body);
  // A person picked by userId keeps their address private: it is stored, never answered.
  const email = invitee?.email ?? (body.email as string);
  const id = newId();
  const inserted = await ctx.db
    .insert(userEventStatuses)
    .values({
      id,
      eventId: access.event.id,
      userId: invitee?.id ?? null,
      email,
      name: invitee?.name ?? body.name ?? email,
      groupId: body.groupId,
      rsvp: 'pending',
      invitedById: viewer.account.id,
      eventStart: access.event.startDate,
      eventIsSeries: access.event.repeatingRule !== null,
    })
    .onConflictDoNothing()
    .returning({ id: userEventStatuses.id });
  if (inserted.length === 0) throw alreadyInvited(body.userId ? 'userId' : 'email');
  return { userEventStatusId: id };
}

/**
 * POST /api/share/event: sends an invitation added just before, after the bot check and within
 * the sender's hourly invitation limit (shared with calendar invitations; 429 otherwise, and the
 * client takes the invitee back with DELETE /api/share/event). A registered invitee gets a
 * pending request carrying the RSVP (and the event in their own calendar); anyone else a mail.
 */
export async function sendEventInvitation(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof shareEventBody>,
  ip: string,
): Promise<{ userEventStatusId: string }> {
  return sendInvitation(ctx, viewer, { recaptchaCode: body.recaptchaCode, ip }, async () => {
    const access = await loadForInviting(ctx, viewer, body.eventId, body.groupId);
    eventPolicy.authorize(access, 'shareEvent');
    const row = await findRsvp(ctx.db, access.event, body.userEventStatusId);
    if (row.sharedAt || !row.invitedById) throw alreadyInvited('email');
    const { event } = access;
    const linkCalendarId =
      row.userId && !(await isConfirmedMember(ctx.db, event.calendarId, row.userId))
        ? await findPersonalCalendarId(ctx.db, row.userId)
        : null;
    const calendar = row.userId ? await findCalendarRow(ctx.db, event.calendarId) : null;
    return {
      invitee: { userId: row.userId, name: row.name, email: row.email },
      target: {
        kind: 'event',
        root: { id: event.id, calendarId: event.calendarId, ownerId: event.ownerId, name: event.name },
        event: eventSnapshot(rootItem(event)),
        calendar: calendar ? calendarSnapshot(calendar) : null,
        rsvpId: row.id,
      },
      markSent: async (tx, { isSilent }) => {
        await tx
          .update(userEventStatuses)
          .set({
            sharedAt: new Date(),
            invitedById: viewer.account.id,
            // A silent invitation (a block between the two) does not show in their calendar either.
            linkCalendarId: isSilent ? null : linkCalendarId,
            updatedAt: new Date(),
          })
          .where(eq(userEventStatuses.id, row.id));
      },
      result: { userEventStatusId: row.id },
    };
  });
}

/**
 * DELETE /api/share/event: takes an invitation back (canShare; the rollback after a 429), or
 * lets an invitee leave. The owner's own RSVP stays. A sent invitation's request disappears and
 * the person is told they were removed.
 */
export async function withdrawEventInvitation(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof unshareEventBody>,
): Promise<void> {
  const access: EventAccess = await loadForInviting(ctx, viewer, body.eventId, body.groupId);
  const row = await findRsvp(ctx.db, access.event, body.rsvpId);
  rsvpPolicy.authorize({ event: access, rsvp: row, viewerId: viewer.account.id }, 'withdraw');
  await withdrawInvitation(ctx, viewer, {
    userId: row.userId,
    target: {
      kind: 'event',
      root: { id: access.event.id, ownerId: access.event.ownerId },
      event: eventSnapshot(rootItem(access.event)),
      rsvpId: row.id,
      wasSent: row.sharedAt !== null,
    },
    remove: async (tx) => {
      await tx.delete(userEventStatuses).where(eq(userEventStatuses.id, row.id));
    },
  });
}

/**
 * The event kind of invitation (`user_event_statuses` rows): answering sets the attached RSVP
 * (`notification.rsvpId`) to attending (accept) or not attending (decline).
 */
export const eventInvitations: InvitationKindHandlers = {
  async answer(tx, request, answer) {
    if (!request.rsvpId) throw invitationWithdrawn();
    const [row] = await tx
      .update(userEventStatuses)
      .set({ rsvp: answer === 'accepted' ? 'attending' : 'notAttending', updatedAt: new Date() })
      .where(and(eq(userEventStatuses.id, request.rsvpId), eq(userEventStatuses.userId, request.recipientId)))
      .returning();
    if (!row) throw invitationWithdrawn();
    const event = await tx.query.events.findFirst({
      where: (events, { eq: same }) => same(events.id, row.eventId),
    });
    if (!event || event.deletedAt) throw invitationWithdrawn();
    return {
      inviterId: request.senderId,
      target: {
        kind: 'event',
        root: { id: event.id, ownerId: event.ownerId },
        event: request.event,
        calendar: request.calendar,
        rsvpId: row.id,
      },
    };
  },

  /** Each attached invitation that was sent shows in their personal calendar too. */
  async attach(tx, account) {
    const personal = await findPersonalCalendarId(tx, account.id);
    const attached = await tx
      .update(userEventStatuses)
      .set({
        userId: account.id,
        name: account.name,
        // Only a sent invitation shows in their calendar; one merely added waits for its share,
        // and one from a person blocked either way stays silent.
        linkCalendarId: sql`CASE WHEN ${userEventStatuses.sharedAt} IS NOT NULL
          AND NOT ${blockedEitherWay(userEventStatuses.invitedById, account.id)} THEN ${personal}::text END`,
      })
      .where(
        and(
          eq(userEventStatuses.email, account.email),
          isNull(userEventStatuses.userId),
          // Where they already hold an RSVP of their own, that one stays theirs.
          sql`NOT EXISTS (SELECT 1 FROM user_event_statuses mine WHERE mine.event_id = ${userEventStatuses.eventId} AND mine.user_id = ${account.id})`,
        ),
      )
      .returning();
    const waiting: Array<{ inviterId: string | null; target: InvitationTarget }> = [];
    for (const row of attached) {
      if (!row.sharedAt) continue;
      const event = await tx.query.events.findFirst({
        where: (events, { eq: same }) => same(events.id, row.eventId),
      });
      if (!event || event.deletedAt) continue;
      const calendar = await findCalendarRow(tx, event.calendarId);
      waiting.push({
        inviterId: row.invitedById,
        target: {
          kind: 'event',
          root: { id: event.id, calendarId: event.calendarId, ownerId: event.ownerId, name: event.name },
          event: eventSnapshot(rootItem(event)),
          calendar: calendar ? calendarSnapshot(calendar) : null,
          rsvpId: row.id,
        },
      });
    }
    return waiting;
  },
};
