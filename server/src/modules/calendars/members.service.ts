import type { CalendarMember } from '@convene/contract';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accountFieldColumns } from '../../db/accountFields.ts';
import { accounts, calendarMembers } from '../../db/schema/index.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { presentUser } from '../accounts/accounts.presenter.ts';
import { getCalendarAccess } from './calendars.access.ts';
import { calendarPolicy } from './calendars.policy.ts';

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
