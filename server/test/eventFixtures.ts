import type { Db } from '../src/db/connect.ts';
import { accounts, events, userEventStatuses } from '../src/db/schema/index.ts';
import { createPersonalCalendar } from '../src/modules/calendars/calendars.service.ts';
import { newId } from '../src/platform/ids.ts';
import { createSession } from '../src/platform/sessions.ts';

/** Inserts plain single events straight into a calendar (for paging tests); answers their ids. */
export async function insertSingleEvents(
  db: Db,
  calendarId: string,
  ownerId: string,
  entries: Array<{ name: string; start: Date; minutes?: number }>,
): Promise<string[]> {
  const rows = entries.map((entry) => ({
    id: newId(),
    calendarId,
    ownerId,
    name: entry.name,
    startDate: entry.start,
    endDate: new Date(entry.start.getTime() + (entry.minutes ?? 60) * 60_000),
    startTimezone: 'Europe/Bucharest',
    endTimezone: 'Europe/Bucharest',
    location: { name: null, address: null, coordinates: null, radius: 50, autoAttendance: false },
    colorSettings: { type: 'dynamic' as const, cardColor: '4256c1' },
    extendedProperties: { shouldHideDates: false, shouldHideLocation: false },
  }));
  for (let index = 0; index < rows.length; index += 200) {
    const chunk = rows.slice(index, index + 200);
    await db.insert(events).values(chunk);
    await db.insert(userEventStatuses).values(
      chunk.map((row) => ({
        id: newId(),
        eventId: row.id,
        userId: ownerId,
        email: `${ownerId}@owner.example`,
        name: 'Owner',
        rsvp: 'attending',
        eventStart: row.startDate,
      })),
    );
  }
  return rows.map((row) => row.id);
}

/**
 * A signed-in user made straight in the database (registration through the API is rate
 * limited per address, too tight for tests that need dozens of people).
 */
export async function insertSignedInUser(
  db: Db,
  name: string,
): Promise<{ userId: string; email: string; name: string; loginToken: string }> {
  const userId = newId();
  const email = `${userId}@fixture.example`;
  await db.insert(accounts).values({ id: userId, name, email, status: 'active' });
  await createPersonalCalendar(db, { id: userId, name, email });
  const { token } = await createSession(db, userId);
  return { userId, email, name, loginToken: token };
}
