import { type MemberPermissions, type PermissionFlags, roleForPermissions } from '@convene/contract';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { calendarMembers, calendars, events } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import type { InvitationKindHandlers, InvitationRequest } from '../invitations/invitations.kinds.ts';
import {
  alreadyInvited,
  findInvitee,
  invitationWithdrawn,
  sendInvitation,
  withdrawInvitation,
} from '../invitations/invitations.service.ts';
import { type CalendarAccess, getCalendarAccess, getCalendarMember } from './calendars.access.ts';
import { calendarPolicy } from './calendars.policy.ts';
import { calendarSnapshot } from './calendars.presenter.ts';
import { memberPolicy } from './members.policy.ts';
import { announcePeopleChanged } from './members.subscribers.ts';

/**
 * The calendar kind of invitation (`calendar_members` rows: an unconfirmed member is an
 * invitee): adding an invitee, and what the one invitations flow (modules/invitations) needs to
 * send, withdraw, answer and attach it.
 */

/** Flags a sharer may grant: those the calendar policy lets them give, never ownership. */
function grantable(
  requested: Partial<PermissionFlags>,
  base: PermissionFlags,
  sharer: CalendarAccess,
): MemberPermissions {
  const wanted = { ...base, ...requested };
  return {
    canView: true,
    canAdd: wanted.canAdd && calendarPolicy.can(sharer, 'grantAdd'),
    canEdit: wanted.canEdit && calendarPolicy.can(sharer, 'grantEdit'),
    canShare: wanted.canShare && calendarPolicy.can(sharer, 'grantShare'),
    isOwner: false,
  };
}

/**
 * Adds an invitee to a calendar (not yet confirmed): a registered person by their account, or
 * anyone else by e-mail. 409 ALREADY_INVITED when they are there already.
 */
export async function addCalendarInvitee(
  ctx: AppContext,
  viewer: Viewer,
  body: {
    calendarId: string;
    userId?: string;
    email?: string;
    name?: string;
    permissions?: Partial<PermissionFlags>;
  },
): Promise<{ memberId: string; calendarId: string; permissions: MemberPermissions }> {
  const access = await getCalendarAccess(ctx.db, body.calendarId, viewer.account.id);
  calendarPolicy.authorize(access, 'share');
  const invitee = await findInvitee(ctx.db, viewer, body);
  // A person picked by userId keeps their address private from the inviter; it is stored, never answered.
  const email = invitee?.email ?? (body.email as string);
  const permissions = grantable(body.permissions ?? {}, access.calendar.defaultPermissions, access);
  const taken = await ctx.db
    .select({ id: calendarMembers.id })
    .from(calendarMembers)
    .where(
      and(
        eq(calendarMembers.calendarId, body.calendarId),
        invitee
          ? or(eq(calendarMembers.userId, invitee.id), eq(calendarMembers.email, email))
          : eq(calendarMembers.email, email),
      ),
    );
  if (taken.length > 0) throw alreadyInvited('email');
  const memberId = newId();
  try {
    await ctx.db.insert(calendarMembers).values({
      id: memberId,
      calendarId: body.calendarId,
      userId: invitee?.id ?? null,
      email,
      name: invitee?.name ?? body.name ?? email,
      role: roleForPermissions(permissions),
      permissions,
      isConfirmed: false,
      settings: access.calendar.settings,
      invitedById: viewer.account.id,
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw alreadyInvited('email');
    }
    throw error;
  }
  return { memberId, calendarId: body.calendarId, permissions };
}

/**
 * Sends the invitation of a member just added, after the bot check and within the sender's
 * hourly limit (429 otherwise; the client then takes the member back). A registered invitee
 * gets a pending request; anyone else an e-mail leading to registration and the calendar.
 */
export async function sendCalendarInvitation(
  ctx: AppContext,
  viewer: Viewer,
  body: {
    calendarId: string;
    memberId: string;
    permissions?: Partial<PermissionFlags>;
    recaptchaCode: string;
  },
  ip: string,
): Promise<{ memberId: string; calendarId: string; permissions: MemberPermissions }> {
  return sendInvitation(ctx, viewer, { recaptchaCode: body.recaptchaCode, ip }, async () => {
    const access = await getCalendarAccess(ctx.db, body.calendarId, viewer.account.id);
    calendarPolicy.authorize(access, 'share');
    const member = await getCalendarMember(ctx.db, body.calendarId, body.memberId);
    if (member.isConfirmed) throw alreadyInvited(undefined, 'This person is already a member');
    const permissions = body.permissions
      ? grantable(body.permissions, member.permissions, access)
      : member.permissions;
    return {
      invitee: { userId: member.userId, name: member.name, email: member.email },
      target: { kind: 'calendar', calendar: calendarSnapshot(access.calendar) },
      markSent: async (tx) => {
        await tx
          .update(calendarMembers)
          .set({
            permissions,
            role: roleForPermissions(permissions),
            invitedById: viewer.account.id,
            actionDate: new Date(),
          })
          .where(eq(calendarMembers.id, member.id));
      },
      result: { memberId: member.id, calendarId: body.calendarId, permissions },
    };
  });
}

/**
 * Takes an invitation back or removes a member (canShare), or lets a member leave. The owner
 * cannot be removed. A pending request disappears with it; a removed member is told.
 */
export async function withdrawCalendarInvitation(
  ctx: AppContext,
  viewer: Viewer,
  body: { calendarId: string; memberId: string },
) {
  const access: CalendarAccess = await getCalendarAccess(ctx.db, body.calendarId, viewer.account.id);
  const member = await getCalendarMember(ctx.db, body.calendarId, body.memberId);
  memberPolicy.authorize({ calendar: access, member, viewerId: viewer.account.id }, 'remove');
  await withdrawInvitation(ctx, viewer, {
    userId: member.userId,
    target: {
      kind: 'calendar',
      calendarId: body.calendarId,
      memberId: member.id,
      calendar: calendarSnapshot(access.calendar),
      wasConfirmed: member.isConfirmed,
    },
    remove: async (tx) => {
      await tx.delete(calendarMembers).where(eq(calendarMembers.id, member.id));
      if (!member.userId) {
        // An invitation to a bare address has nobody to tell, so `invitation.withdrawn` is not
        // recorded for it; the members' People lists still drop the row at once.
        await announcePeopleChanged(tx, body.calendarId, member.id, 'delete');
        return;
      }
      // Owning an event grants its rights by itself (events.access.ts), so events a member
      // created stay in the calendar but pass to the calendar's owner: removal ends every right
      // that came from membership.
      await tx
        .update(events)
        .set({ ownerId: access.calendar.ownerId })
        .where(and(eq(events.calendarId, body.calendarId), eq(events.ownerId, member.userId)));
    },
  });
}

/** The unconfirmed membership a `shareCalendar` request stands for, or 409 when it was withdrawn. */
async function findInvitedMember(tx: Db, request: InvitationRequest) {
  const [member] = request.calendarId
    ? await tx
        .select()
        .from(calendarMembers)
        .where(
          and(
            eq(calendarMembers.calendarId, request.calendarId),
            eq(calendarMembers.userId, request.recipientId),
            eq(calendarMembers.isConfirmed, false),
          ),
        )
    : [];
  if (!member) throw invitationWithdrawn();
  return member;
}

/**
 * The calendar kind of invitation (`calendar_members` rows): accepting confirms the membership
 * (the calendar joins the list), declining removes it.
 */
export const calendarInvitations: InvitationKindHandlers = {
  async answer(tx, request, answer) {
    const member = await findInvitedMember(tx, request);
    if (answer === 'accepted') {
      await tx
        .update(calendarMembers)
        .set({ isConfirmed: true, lastActionType: 'update', actionDate: new Date() })
        .where(eq(calendarMembers.id, member.id));
    } else {
      await tx.delete(calendarMembers).where(eq(calendarMembers.id, member.id));
    }
    return {
      inviterId: member.invitedById,
      target: {
        kind: 'calendar',
        calendarId: member.calendarId,
        memberId: member.id,
        calendar: request.calendar,
      },
    };
  },

  async attach(tx, account) {
    const attached = await tx
      .update(calendarMembers)
      .set({ userId: account.id, name: account.name })
      .where(and(eq(calendarMembers.email, account.email), isNull(calendarMembers.userId)))
      .returning();
    const waiting = [];
    for (const member of attached) {
      const [calendar] = await tx.select().from(calendars).where(eq(calendars.id, member.calendarId));
      if (!calendar || calendar.deletedAt) continue;
      waiting.push({
        inviterId: member.invitedById,
        target: { kind: 'calendar' as const, calendar: calendarSnapshot(calendar) },
      });
    }
    return waiting;
  },
};
