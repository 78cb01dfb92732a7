import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { insertSingleEvents } from '../../../test/eventFixtures.ts';
import { testDatabases } from '../../../test/harness.ts';
import { type TestUser, useTestApp } from '../../../test/suite.ts';
import { calendarMembers, events } from '../../db/schema/index.ts';

type User = TestUser;

/** Issue 10: a member removed from a private calendar kept power over the events they created. */
describe.each(testDatabases())('removal ends the rights membership gave, on %s', (kind) => {
  const { app, owner, call } = useTestApp(kind, { ownerName: 'Olga Owner' });
  const basic = {
    name: 'Rehearsal',
    startDate: '2030-05-10T10:00:00.000Z',
    endDate: '2030-05-10T11:00:00.000Z',
    startTimezone: 'Europe/Bucharest',
    endTimezone: 'Europe/Bucharest',
  };
  const memberIdOf = async (calendarId: string, userId: string) => {
    const [row] = await app.database.db
      .select()
      .from(calendarMembers)
      .where(and(eq(calendarMembers.calendarId, calendarId), eq(calendarMembers.userId, userId)));
    return row?.id as string;
  };

  /** Every route the event's author used to reach it through, with the answer after removal. */
  const expectNoPower = async (user: User, calendarId: string, eventId: string) => {
    expect((await call('GET', `/api/events/${eventId}`, user)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${eventId}/userEventStatuses`, user)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${eventId}/userEventStatus`, user)).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/event', user, { eventId, calendarId, name: 'Taken over' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/api/event', user, { calendarId, eventId })).statusCode).toBe(404);
    const agenda = await call('GET', '/api/events', user);
    expect(agenda.json().items.map((item: { eventId: string }) => item.eventId)).not.toContain(eventId);
  };

  it.each(['was removed', 'left'] as const)(
    'a member who %s loses their events, which stay in the calendar, owned by its owner',
    async (how) => {
      const member = await app.register({ name: 'Ana Assistant' });
      const calendarId = await insertCalendar(app.database.db, owner, [{ user: member, role: 'assistant' }]);
      const created = await call('POST', '/api/event', member, { calendarId, ...basic });
      expect(created.statusCode).toBe(200);
      const { eventId } = created.json();
      expect((await call('GET', `/api/events/${eventId}/userEventStatuses`, member)).statusCode).toBe(200);

      const memberId = await memberIdOf(calendarId, member.userId);
      const by = how === 'was removed' ? owner : member;
      expect((await call('DELETE', '/api/share/calendar', by, { calendarId, memberId })).statusCode).toBe(
        204,
      );

      await expectNoPower(member, calendarId, eventId);
      const kept = await call('GET', `/api/events/${eventId}`, owner);
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ name: 'Rehearsal', calendarId, owner: { userId: owner.userId } });
      const [row] = await app.database.db.select().from(events).where(eq(events.id, eventId));
      expect(row?.deletedAt).toBeNull();
      expect(
        (await call('PUT', '/api/event', owner, { eventId, calendarId, name: 'Still on' })).statusCode,
      ).toBe(200);
    },
  );

  it('the migration passes events of people no longer in the calendar to its owner', async () => {
    const member = await app.register({ name: 'Gone Member' });
    const stays = await app.register({ name: 'Staying Member' });
    const calendarId = await insertCalendar(app.database.db, owner, [{ user: stays, role: 'assistant' }]);
    // Rows as the old code left them: an event owned by someone with no membership any more.
    const [orphan] = await insertSingleEvents(app.database.db, calendarId, member.userId, [
      { name: 'Orphan', start: new Date('2030-06-01T10:00:00Z') },
    ]);
    const [legit] = await insertSingleEvents(app.database.db, calendarId, stays.userId, [
      { name: 'Legit', start: new Date('2030-06-02T10:00:00Z') },
    ]);
    expect((await call('GET', `/api/events/${orphan}`, member)).statusCode).toBe(200);
    const migration = await fs.readFile(
      path.join(import.meta.dirname, '../../db/migrations/0005_removed_member_events.sql'),
      'utf8',
    );
    await app.database.db.execute(sql.raw(migration));
    await expectNoPower(member, calendarId, orphan as string);
    const owners = await app.database.db
      .select({ id: events.id, ownerId: events.ownerId })
      .from(events)
      .where(eq(events.calendarId, calendarId));
    expect(Object.fromEntries(owners.map((row) => [row.id, row.ownerId]))).toEqual({
      [orphan as string]: owner.userId,
      [legit as string]: stays.userId,
    });
  });
});
