import type { Calendar } from '@convene/contract';
import type { calendarMembers, calendars } from '../../db/schema/index.ts';
import { permissionsFor } from './calendars.access.ts';
import { calendarPolicy } from './calendars.policy.ts';

type CalendarRow = typeof calendars.$inferSelect;
type MemberRow = typeof calendarMembers.$inferSelect;

/** The calendar as notifications and requests about it remember it. */
export const calendarSnapshot = (calendar: CalendarRow) => ({
  calendarId: calendar.id,
  name: calendar.name,
  color: calendar.color,
  visibility: calendar.visibility,
});

/** The owner as shown on a calendar. */
export interface OwnerSummary {
  userId: string;
  name: string;
  imageLink: string | null;
}

/**
 * A calendar as one viewer sees it: their membership, their settings, their permissions and the
 * abilities the calendar policy grants them.
 */
export function presentCalendar(
  row: CalendarRow,
  member: MemberRow | null,
  owner: OwnerSummary,
  usersCount: number,
): Calendar {
  const permissions = permissionsFor(row, member);
  const confirmed = member?.isConfirmed ? member : null;
  return {
    calendarId: row.id,
    name: row.name,
    visibility: row.visibility as Calendar['visibility'],
    details: row.details,
    color: row.color,
    coverPhoto: row.coverPhotoUrl
      ? { url: row.coverPhotoUrl, croppedUrl: row.coverPhotoCroppedUrl ?? row.coverPhotoUrl }
      : null,
    coverPhotoLink: row.coverPhotoLink,
    defaultPermissions: row.defaultPermissions,
    calendarSettings: member?.settings ?? row.settings,
    currentUser: member
      ? {
          memberId: member.id,
          name: member.name,
          email: member.email,
          status: member.isConfirmed ? 'confirmed' : 'pending',
          userId: member.userId ?? '',
          permissions,
          isOwner: permissions.isOwner,
          lastActionType: member.lastActionType,
          actionDate: member.actionDate.toISOString(),
          folderId: null,
        }
      : null,
    calendarLink: confirmed
      ? { isOwner: permissions.isOwner, isPersonal: row.isPersonal, permissions, folderId: null }
      : null,
    isPersonal: row.isPersonal,
    isOwner: permissions.isOwner,
    owner,
    linkedEntities: { chatId: row.linkedChatId },
    organizations: [],
    isLimitedToOrganization: false,
    categories: [],
    filters: [],
    users_count: usersCount,
    lastActionType: row.deletedAt ? 'delete' : (row.lastActionType as Calendar['lastActionType']),
    abilities: calendarPolicy.abilities({ calendar: row, member, permissions }),
  };
}
