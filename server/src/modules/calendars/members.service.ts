import {
  type CalendarMember,
  type MemberPermissions,
  type PermissionFlags,
  roleForPermissions,
} from '@convene/contract';
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { accounts, calendarMembers, calendars, events, type notifications } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { presentUser } from '../accounts/accounts.presenter.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { RequestEffect } from '../notifications/requestEffects.ts';
import { type CalendarAccess, getCalendarAccess } from './calendars.access.ts';
import { calendarPolicy } from './calendars.policy.ts';
import { spendInvitation } from './invitationLimit.ts';
import { memberPolicy } from './members.policy.ts';

type MemberRow = typeof calendarMembers.$inferSelect;
type CalendarRow = typeof calendars.$inferSelect;

const calendarSnapshot = (calendar: CalendarRow) => ({
  calendarId: calendar.id,
  name: calendar.name,
  color: calendar.color,
  visibility: calendar.visibility,
});

/** Flags a sharer may grant: never more than they hold, never ownership. */
function grantable(
  requested: Partial<PermissionFlags>,
  base: PermissionFlags,
  sharer: MemberPermissions,
): MemberPermissions {
  const wanted = { ...base, ...requested };
  return {
    canView: true,
    canAdd: wanted.canAdd && sharer.canAdd,
    canEdit: wanted.canEdit && sharer.canEdit,
    canShare: wanted.canShare && sharer.canShare,
    isOwner: false,
  };
}

/** Escapes LIKE wildcards so a search for "50%_off" means exactly that. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/**
 * Adds an invitee to a calendar (not yet confirmed): a registered person by their account, or
 * anyone else by e-mail. 409 ALREADY_INVITED when they are there already.
 */
export async function addMember(
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
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(
      body.userId
        ? eq(accounts.id, body.userId)
        : // An address names an account only once its owner confirmed it (see attachInvitations).
          and(eq(accounts.email, body.email ?? ''), eq(accounts.status, 'active')),
    );
  const invitee = account && account.status !== 'deleted' ? account : null;
  if (body.userId && !invitee) throw new ApiError(404, 'NOT_FOUND', 'No such person', 'userId');
  // A person picked by userId keeps their address private from the inviter; it is stored, never answered.
  const email = invitee?.email ?? (body.email as string);
  const permissions = grantable(
    body.permissions ?? {},
    access.calendar.defaultPermissions,
    access.permissions,
  );
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
  if (taken.length > 0) throw new ApiError(409, 'ALREADY_INVITED', 'This person is already invited', 'email');
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
      throw new ApiError(409, 'ALREADY_INVITED', 'This person is already invited', 'email');
    }
    throw error;
  }
  return { memberId, calendarId: body.calendarId, permissions };
}

async function getMember(db: Db, calendarId: string, memberId: string): Promise<MemberRow> {
  const [member] = await db
    .select()
    .from(calendarMembers)
    .where(and(eq(calendarMembers.id, memberId), eq(calendarMembers.calendarId, calendarId)));
  if (!member) throw notFound('No such member');
  return member;
}

/**
 * Sends the invitation of a member just added, after the bot check and within the sender's
 * hourly limit (429 otherwise; the client then takes the member back). A registered invitee
 * gets a pending request; anyone else an e-mail leading to registration and the calendar.
 */
export async function shareCalendar(
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
  await ctx.captcha.verify(body.recaptchaCode, ip);
  const access = await getCalendarAccess(ctx.db, body.calendarId, viewer.account.id);
  calendarPolicy.authorize(access, 'share');
  const member = await getMember(ctx.db, body.calendarId, body.memberId);
  if (member.isConfirmed) throw new ApiError(409, 'ALREADY_INVITED', 'This person is already a member');
  const permissions = body.permissions
    ? grantable(body.permissions, member.permissions, access.permissions)
    : member.permissions;
  await transact(ctx, async (tx) => {
    await spendInvitation(tx, viewer.account.id, ctx.config.invitationHourlyLimit);
    await tx
      .update(calendarMembers)
      .set({
        permissions,
        role: roleForPermissions(permissions),
        invitedById: viewer.account.id,
        actionDate: new Date(),
      })
      .where(eq(calendarMembers.id, member.id));
    await ctx.record(tx, {
      type: 'calendarInvitation.sent',
      actorId: viewer.account.id,
      inviter: { name: viewer.account.name, language: viewer.account.language },
      calendar: calendarSnapshot(access.calendar),
      invitee: { userId: member.userId, name: member.name, email: member.email },
    });
  });
  return { memberId: member.id, calendarId: body.calendarId, permissions };
}

/**
 * Takes an invitation back or removes a member (canShare), or lets a member leave. The owner
 * cannot be removed. A pending request disappears with it; a removed member is told.
 */
export async function unshareCalendar(
  ctx: AppContext,
  viewer: Viewer,
  body: { calendarId: string; memberId: string },
) {
  const access: CalendarAccess = await getCalendarAccess(ctx.db, body.calendarId, viewer.account.id);
  const member = await getMember(ctx.db, body.calendarId, body.memberId);
  const _leaving = member.userId === viewer.account.id;
  memberPolicy.authorize({ calendar: access, member, viewerId: viewer.account.id }, 'removeMember');
  await transact(ctx, async (tx) => {
    await tx.delete(calendarMembers).where(eq(calendarMembers.id, member.id));
    if (!member.userId) return;
    // Owning an event grants its rights by itself (events.access.ts), so events a member
    // created stay in the calendar but pass to the calendar's owner: removal ends every right
    // that came from membership.
    await tx
      .update(events)
      .set({ ownerId: access.calendar.ownerId })
      .where(and(eq(events.calendarId, body.calendarId), eq(events.ownerId, member.userId)));
    await ctx.record(tx, {
      type: 'calendarMember.removed',
      calendarId: body.calendarId,
      userId: member.userId,
      actorId: viewer.account.id,
      wasConfirmed: member.isConfirmed,
      calendar: calendarSnapshot(access.calendar),
    });
  });
}

/** The people of a calendar, owner first, then by name; a page or a search by name or e-mail. */
export async function listCalendarUsers(
  ctx: AppContext,
  viewer: Viewer,
  query: { calendarId: string; resultsPerPage: number; skipNumber: number; q?: string },
): Promise<{ users: CalendarMember[]; totalNumberOfUsers: number }> {
  const access = await getCalendarAccess(ctx.db, query.calendarId, viewer.account.id);
  calendarPolicy.authorize(access, 'seeMembers');
  const search: SQL | undefined = query.q
    ? or(
        ilike(calendarMembers.name, likePattern(query.q)),
        ilike(calendarMembers.email, likePattern(query.q)),
      )
    : undefined;
  const where = and(eq(calendarMembers.calendarId, query.calendarId), search);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ member: calendarMembers, account: accounts })
      .from(calendarMembers)
      .leftJoin(accounts, eq(accounts.id, calendarMembers.userId))
      .where(where)
      .orderBy(
        sql`(${calendarMembers.role} = 'owner') desc`,
        sql`lower(${calendarMembers.name})`,
        asc(calendarMembers.id),
      )
      .offset(query.skipNumber)
      .limit(query.resultsPerPage),
    ctx.db.select({ value: count() }).from(calendarMembers).where(where),
  ]);
  // A person with an account is shown as presentUser allows.
  const seesInvitedAddresses = calendarPolicy.can(access, 'seeInvitedAddresses');
  const users = rows.map(({ member, account }) => {
    const seen = account ? presentUser(viewer.account, account) : null;
    return {
      memberId: member.id,
      calendarId: member.calendarId,
      userId: member.userId,
      name: seen?.name ?? member.name,
      email: seen ? seen.email : seesInvitedAddresses ? member.email : null,
      imageLink: seen?.imageLink ?? null,
      permissions: member.permissions,
      isConfirmed: member.isConfirmed,
      role: { name: member.role as CalendarMember['role']['name'] },
    };
  });
  return { users, totalNumberOfUsers: total?.value ?? 0 };
}

/**
 * When an account proves its address (the confirmation link, or a password reset mailed
 * there): invitations sent to that address become the account's, each as a pending request to
 * answer. Never at registration, since anyone can register with someone else's address.
 */
export async function attachInvitations(tx: Db, account: { id: string; email: string; name: string }) {
  const attached = await tx
    .update(calendarMembers)
    .set({ userId: account.id, name: account.name })
    .where(and(eq(calendarMembers.email, account.email), isNull(calendarMembers.userId)))
    .returning();
  for (const member of attached) {
    const [calendar] = await tx.select().from(calendars).where(eq(calendars.id, member.calendarId));
    if (!calendar || calendar.deletedAt) continue;
    await notify(tx, [account.id], 'shareCalendar', {
      actorId: member.invitedById,
      calendar: calendarSnapshot(calendar),
      payload: { target: { userId: account.id, name: account.name, email: account.email } },
    });
  }
}

/**
 * Accepting a calendar invitation confirms the membership (the calendar joins the list);
 * declining removes it. Whoever sent it hears the answer.
 */
async function answerCalendarInvitation(
  tx: Db,
  ctx: AppContext,
  request: typeof notifications.$inferSelect,
  answer: 'accepted' | 'rejected',
): Promise<void> {
  const member = await findInvitation(tx, request);
  if (answer === 'accepted') {
    await tx
      .update(calendarMembers)
      .set({ isConfirmed: true, lastActionType: 'update', actionDate: new Date() })
      .where(eq(calendarMembers.id, member.id));
  } else {
    await tx.delete(calendarMembers).where(eq(calendarMembers.id, member.id));
  }
  await ctx.record(tx, {
    type: 'calendarInvitation.answered',
    calendarId: member.calendarId,
    recipientId: request.recipientId,
    inviterId: member.invitedById,
    calendar: request.calendar,
    answer,
  });
}

/** The shareCalendar request effect: accepting confirms the membership, declining removes it. */
export const calendarInvitationEffect: RequestEffect = {
  accept: (tx, ctx, request) => answerCalendarInvitation(tx, ctx, request, 'accepted'),
  decline: (tx, ctx, request) => answerCalendarInvitation(tx, ctx, request, 'rejected'),
};

async function findInvitation(tx: Db, request: typeof notifications.$inferSelect): Promise<MemberRow> {
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
  if (!member) throw new ApiError(409, 'INVITATION_WITHDRAWN', 'This invitation was withdrawn');
  return member;
}
