import { effectivePermissions, type MemberPermissions } from '@convene/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { calendarMembers, calendars } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';

type CalendarRow = typeof calendars.$inferSelect;
type MemberRow = typeof calendarMembers.$inferSelect;

/** A calendar with the viewer's membership in it (null for a stranger). */
export interface CalendarAccess {
  calendar: CalendarRow;
  member: MemberRow | null;
  permissions: MemberPermissions;
}

/**
 * The effective permissions of PRODUCT.md §1.6 for a viewer. An unconfirmed invitation grants viewing
 * only (the invitee may look before answering); a confirmed membership is both the viewer's
 * currentUser and their calendarLink.
 */
export function permissionsFor(calendar: CalendarRow, member: MemberRow | null): MemberPermissions {
  if (member && !member.isConfirmed) {
    return { canView: true, canAdd: false, canEdit: false, canShare: false, isOwner: false };
  }
  return effectivePermissions({
    currentUser: member ? { permissions: member.permissions } : null,
    defaultPermissions: calendar.defaultPermissions,
  });
}

/** A live calendar with the viewer's membership (every calendar and event call runs it). */
const calendarAccessQuery = preparedPerDb((db) =>
  db
    .select({ calendar: calendars, member: calendarMembers })
    .from(calendars)
    .leftJoin(
      calendarMembers,
      and(
        eq(calendarMembers.calendarId, calendars.id),
        eq(calendarMembers.userId, sql.placeholder('viewerId')),
      ),
    )
    .where(and(eq(calendars.id, sql.placeholder('calendarId')), isNull(calendars.deletedAt)))
    .prepare('calendar_access'),
);

/**
 * A live calendar as the viewer may see it (read with their membership, or null when there is
 * none): null when it is private and the viewer has no place in it, exactly like no calendar.
 */
export function visibleCalendar(
  calendar: CalendarRow | null,
  member: MemberRow | null,
): CalendarAccess | null {
  if (!calendar) return null;
  const permissions = permissionsFor(calendar, member);
  const visible = member !== null || (calendar.visibility === 'public' && permissions.canView);
  return visible ? { calendar, member, permissions } : null;
}

/**
 * Loads a live calendar as the viewer may see it. A private calendar the viewer has no place
 * in answers 404, exactly like a calendar that does not exist.
 */
export async function getCalendarAccess(
  db: Db,
  calendarId: string,
  viewerId: string,
): Promise<CalendarAccess> {
  const [row] = await calendarAccessQuery(db).execute({ calendarId, viewerId });
  const access = row ? visibleCalendar(row.calendar, row.member) : null;
  if (!access) throw notFound('No such calendar');
  return access;
}

/**
 * A person (member or invitation) of the calendar by their memberId: 404 when not in it. `lock`
 * holds the row until the caller's transaction ends (a change decided on what it read).
 */
export async function getCalendarMember(
  db: Db,
  calendarId: string,
  memberId: string,
  lock = false,
): Promise<MemberRow> {
  const query = db
    .select()
    .from(calendarMembers)
    .where(and(eq(calendarMembers.id, memberId), eq(calendarMembers.calendarId, calendarId)));
  const [member] = await (lock ? query.for('update') : query);
  if (!member) throw notFound('No such member');
  return member;
}
