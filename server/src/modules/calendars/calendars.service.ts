import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import type { CalendarSettings, PermissionFlags } from '../../db/schema/index.ts';
import { calendars } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';

/** Defaults of spec part 1 §9 for a new calendar. */
export const defaultCalendarColor = '#4256c1';
export const defaultCalendarPermissions: PermissionFlags = {
  canView: true,
  canAdd: false,
  canEdit: false,
  canShare: true,
};
export const defaultCalendarSettings: CalendarSettings = {
  enableETA: false,
  enableNotices: true,
  enableChatPushNotifications: true,
  order: 0,
};

/**
 * Creates the account's personal calendar in the registration transaction. It is private,
 * so (spec §4) its default permissions allow adding.
 */
export async function createPersonalCalendar(tx: Db, owner: { id: string; name: string }): Promise<string> {
  const id = newId();
  await tx.insert(calendars).values({
    id,
    ownerId: owner.id,
    name: owner.name,
    visibility: 'private',
    color: defaultCalendarColor,
    isPersonal: true,
    defaultPermissions: { ...defaultCalendarPermissions, canAdd: true },
    settings: defaultCalendarSettings,
  });
  return id;
}

/**
 * Of the given users, those who turned notices off for this calendar. Today that is the
 * owner's own setting on the calendar; per-member settings join here with calendar members.
 */
export async function listRecipientsWithNoticesOff(
  tx: Db,
  calendarId: string,
  userIds: string[],
): Promise<string[]> {
  const [calendar] = await tx
    .select({ ownerId: calendars.ownerId, settings: calendars.settings })
    .from(calendars)
    .where(eq(calendars.id, calendarId));
  if (!calendar || calendar.settings.enableNotices) return [];
  return userIds.filter((id) => id === calendar.ownerId);
}
