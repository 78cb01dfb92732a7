import { type CalendarRole, rolePermissions } from '@convene/contract';
import type { Db } from '../src/db/connect.ts';
import { calendarMembers, calendars } from '../src/db/schema/index.ts';
import {
  defaultCalendarPermissions,
  defaultCalendarSettings,
} from '../src/modules/calendars/calendars.service.ts';
import { newId } from '../src/platform/ids.ts';

/** Someone with an account, as the harness registers them. */
export interface FixtureUser {
  userId: string;
  email: string;
  name: string;
}

/** Inserts a calendar owned by `owner` directly, with the given people in the given roles. */
export async function insertCalendar(
  db: Db,
  owner: FixtureUser,
  people: Array<{ user: FixtureUser; role: CalendarRole | 'invitee' }> = [],
  options: { visibility?: 'public' | 'private'; name?: string } = {},
): Promise<string> {
  const id = newId();
  const visibility = options.visibility ?? 'private';
  await db.insert(calendars).values({
    id,
    ownerId: owner.userId,
    name: options.name ?? `Calendar ${id.slice(0, 6)}`,
    visibility,
    isPersonal: false,
    coverPhotoUrl: visibility === 'public' ? '/media/photos/x/cover.jpg' : null,
    defaultPermissions: { ...defaultCalendarPermissions, canAdd: visibility === 'private' },
    settings: defaultCalendarSettings,
  });
  const rows = [{ user: owner, role: 'owner' as const }, ...people].map(({ user, role }) => ({
    id: newId(),
    calendarId: id,
    userId: user.userId,
    email: user.email,
    name: user.name,
    role: role === 'invitee' ? 'member' : role,
    permissions: rolePermissions[role === 'invitee' ? 'member' : role],
    isConfirmed: role !== 'invitee',
    settings: defaultCalendarSettings,
    invitedById: role === 'owner' ? null : owner.userId,
  }));
  await db.insert(calendarMembers).values(rows);
  return id;
}
