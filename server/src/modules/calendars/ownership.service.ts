import { type CalendarMember, rolePermissions } from '@convene/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext, RequestEffect } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { calendarMembers, calendars } from '../../db/schema/index.ts';
import { ApiError, conflict, notFound } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { getCalendarAccess, getCalendarMember } from './calendars.access.ts';
import { calendarPolicy } from './calendars.policy.ts';
import { calendarSnapshot } from './calendars.presenter.ts';
import { memberPolicy } from './members.policy.ts';
import { presentOneMember } from './members.service.ts';

/**
 * Handing a calendar over (docs/PRODUCT.md, Calendar roles): the owner offers ownership to a
 * confirmed member, who accepts or declines the `shareCalendarOwnerChange` request; the owner
 * may take the offer back while it is pending. The calendar row holds the one pending offer
 * (`ownershipOfferMemberId`) and is locked by each step, so the steps apply one after another.
 */

type CalendarRow = typeof calendars.$inferSelect;

/** 409 INVITATION_WITHDRAWN: the offer being accepted no longer stands. */
const offerWithdrawn = () =>
  new ApiError(409, 'INVITATION_WITHDRAWN', 'This offer of ownership was withdrawn');

async function lockCalendar(tx: Db, calendarId: string): Promise<CalendarRow | null> {
  const [row] = await tx.select().from(calendars).where(eq(calendars.id, calendarId)).for('update');
  return row && !row.deletedAt ? row : null;
}

/** Ends the pending offer of a locked calendar, when there is one, telling its member (`actorId` the owner). */
async function cancelPendingOffer(ctx: AppContext, tx: Db, calendar: CalendarRow, actorId: string) {
  if (!calendar.ownershipOfferMemberId) return;
  const [offered] = await tx
    .select({ id: calendarMembers.id, userId: calendarMembers.userId })
    .from(calendarMembers)
    .where(eq(calendarMembers.id, calendar.ownershipOfferMemberId));
  await tx.update(calendars).set({ ownershipOfferMemberId: null }).where(eq(calendars.id, calendar.id));
  if (!offered?.userId) return;
  await ctx.record(tx, {
    type: 'calendar.ownershipOfferCancelled',
    calendarId: calendar.id,
    actorId,
    userId: offered.userId,
    memberId: offered.id,
    calendar: calendarSnapshot(calendar),
  });
}

/**
 * POST /api/calendars/{calendarId}/ownershipOffer: the owner offers the calendar to a confirmed
 * member. An offer to someone else that was pending is cancelled (they are told); the same
 * member again keeps the offer they have.
 */
export async function offerOwnership(
  ctx: AppContext,
  viewer: Viewer,
  calendarId: string,
  memberId: string,
): Promise<CalendarMember> {
  const access = await getCalendarAccess(ctx.db, calendarId, viewer.account.id);
  await transact(ctx, async (tx) => {
    const calendar = await lockCalendar(tx, calendarId);
    // Deleted since it was read: as for any missing calendar.
    if (!calendar) throw notFound('No such calendar');
    // Handed over since it was read: the viewer's rights were read from the owner until then.
    if (calendar.ownerId !== access.calendar.ownerId) throw conflict('This calendar has a new owner');
    const member = await getCalendarMember(tx, calendarId, memberId);
    memberPolicy.authorize({ calendar: access, member, viewerId: viewer.account.id }, 'offerOwnership');
    if (calendar.ownershipOfferMemberId === member.id) return;
    await cancelPendingOffer(ctx, tx, calendar, viewer.account.id);
    await tx.update(calendars).set({ ownershipOfferMemberId: member.id }).where(eq(calendars.id, calendarId));
    await ctx.record(tx, {
      type: 'calendar.ownershipOffered',
      calendarId,
      actorId: viewer.account.id,
      userId: member.userId as string,
      memberId: member.id,
      calendar: calendarSnapshot(calendar),
    });
  });
  const after = await getCalendarAccess(ctx.db, calendarId, viewer.account.id);
  return presentOneMember(ctx.db, after, viewer.account.id, memberId);
}

/** DELETE /api/calendars/{calendarId}/ownershipOffer: the owner takes the pending offer back. */
export async function cancelOwnershipOffer(ctx: AppContext, viewer: Viewer, calendarId: string) {
  const access = await getCalendarAccess(ctx.db, calendarId, viewer.account.id);
  calendarPolicy.authorize(access, 'cancelOwnershipOffer');
  await transact(ctx, async (tx) => {
    const calendar = await lockCalendar(tx, calendarId);
    if (calendar) await cancelPendingOffer(ctx, tx, calendar, viewer.account.id);
  });
}

/**
 * The offer a `shareCalendarOwnerChange` request stands for, on its locked calendar: the
 * recipient's confirmed membership, still the one offered. Null when it no longer stands.
 */
async function findOffer(tx: Db, request: Parameters<RequestEffect['accept']>[2]) {
  const calendar = request.calendarId ? await lockCalendar(tx, request.calendarId) : null;
  if (!calendar?.ownershipOfferMemberId) return null;
  const [member] = await tx
    .select()
    .from(calendarMembers)
    .where(
      and(
        eq(calendarMembers.id, calendar.ownershipOfferMemberId),
        eq(calendarMembers.userId, request.recipientId),
        eq(calendarMembers.isConfirmed, true),
      ),
    );
  return member ? { calendar, member } : null;
}

/**
 * Answering a `shareCalendarOwnerChange` request. Accepting makes the member the owner and the
 * owner until then an admin; declining ends the offer. Either way the owner is told. Accepting an
 * offer that no longer stands answers 409 (and its request stays as it was).
 */
export const ownershipRequestEffect: RequestEffect = {
  async accept(tx, ctx, request) {
    const offer = await findOffer(tx, request);
    if (!offer) throw offerWithdrawn();
    const { calendar, member } = offer;
    await tx
      .update(calendarMembers)
      .set({ role: 'admin', permissions: rolePermissions.admin, lastActionType: 'update' })
      .where(and(eq(calendarMembers.calendarId, calendar.id), eq(calendarMembers.userId, calendar.ownerId)));
    await tx
      .update(calendarMembers)
      .set({ role: 'owner', permissions: rolePermissions.owner, lastActionType: 'update' })
      .where(eq(calendarMembers.id, member.id));
    await tx
      .update(calendars)
      .set({ ownerId: request.recipientId, ownershipOfferMemberId: null, updatedAt: new Date() })
      .where(eq(calendars.id, calendar.id));
    await ctx.record(tx, {
      type: 'calendar.ownerChanged',
      calendarId: calendar.id,
      actorId: request.recipientId,
      memberId: member.id,
      previousOwnerId: calendar.ownerId,
      calendar: calendarSnapshot(calendar),
    });
  },
  async decline(tx, ctx, request) {
    // Declining an offer that no longer stands just answers the request.
    const offer = await findOffer(tx, request);
    if (!offer) return;
    const { calendar, member } = offer;
    await tx.update(calendars).set({ ownershipOfferMemberId: null }).where(eq(calendars.id, calendar.id));
    await ctx.record(tx, {
      type: 'calendar.ownershipDeclined',
      calendarId: calendar.id,
      actorId: request.recipientId,
      ownerId: calendar.ownerId,
      memberId: member.id,
      calendar: calendarSnapshot(calendar),
    });
  },
};
