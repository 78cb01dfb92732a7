import {
  type CalendarMember,
  type CalendarRole,
  type ChangeMemberRoleBody,
  rolePermissions,
} from '@convene/contract';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accountFieldColumns } from '../../db/accountFields.ts';
import type { Db } from '../../db/connect.ts';
import { accounts, calendarMembers } from '../../db/schema/index.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { type CalendarAccess, getCalendarAccess, getCalendarMember } from './calendars.access.ts';
import { calendarPolicy } from './calendars.policy.ts';
import { calendarSnapshot } from './calendars.presenter.ts';
import { memberPolicy } from './members.policy.ts';
import { presentMember } from './members.presenter.ts';

/** Escapes LIKE wildcards so a search for "50%_off" means exactly that. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
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
      .select({ member: calendarMembers, account: accountFieldColumns })
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
  const users = rows.map(({ member, account }) => presentMember(access, viewer.account.id, member, account));
  return { users, totalNumberOfUsers: total?.value ?? 0 };
}

/** One person of a calendar as the viewer sees them in People (after a change to them). */
export async function presentOneMember(
  db: Db,
  access: CalendarAccess,
  viewerId: string,
  memberId: string,
): Promise<CalendarMember> {
  const member = await getCalendarMember(db, access.calendar.id, memberId);
  const [account] = member.userId
    ? await db.select(accountFieldColumns).from(accounts).where(eq(accounts.id, member.userId))
    : [];
  return presentMember(access, viewerId, member, account ?? null);
}

/**
 * PUT /api/members/{memberId}: gives a member (or an invitation) another role, with that role's
 * flags (docs/PRODUCT.md, Calendar roles), as the role ladder allows. The row is locked, so two
 * changes at once apply one after the other; the same role again changes nothing.
 */
export async function changeMemberRole(
  ctx: AppContext,
  viewer: Viewer,
  memberId: string,
  body: ChangeMemberRoleBody,
): Promise<CalendarMember> {
  const access = await getCalendarAccess(ctx.db, body.calendarId, viewer.account.id);
  await transact(ctx, async (tx) => {
    const current = await getCalendarMember(tx, body.calendarId, memberId, true);
    memberPolicy.authorize(
      { calendar: access, member: current, viewerId: viewer.account.id, newRole: body.role },
      'changeRole',
    );
    if (current.role === body.role) return;
    await tx
      .update(calendarMembers)
      .set({
        role: body.role,
        permissions: rolePermissions[body.role],
        lastActionType: 'update',
        actionDate: new Date(),
      })
      .where(eq(calendarMembers.id, current.id));
    await ctx.record(tx, {
      type: 'calendar.memberRoleChanged',
      calendarId: body.calendarId,
      actorId: viewer.account.id,
      memberId: current.id,
      userId: current.userId,
      isConfirmed: current.isConfirmed,
      role: body.role,
      previousRole: current.role as CalendarRole,
      calendar: calendarSnapshot(access.calendar),
    });
  });
  return presentOneMember(ctx.db, access, viewer.account.id, memberId);
}
