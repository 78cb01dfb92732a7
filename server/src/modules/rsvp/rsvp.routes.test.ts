import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { insertSignedInUser } from '../../../test/eventFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { listRealtimePayloads } from '../../../test/realtime.ts';
import { notifications, userEventStatuses } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';

type User = { userId: string; email: string; name: string; loginToken: string };

describe.each(testDatabases())('RSVP and attendees on %s', (kind) => {
  let app: TestApp;
  let owner: User;
  let member: User;
  let calendarId: string;
  let eventId: string;
  const guests: User[] = [];
  const rsvpOf = new Map<string, string>();

  const call = testCaller(() => app);

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await app.register({ name: 'Octavia Owner' });
    member = await app.register({ name: 'Mihai Member' });
    calendarId = await insertCalendar(app.database.db, owner, [{ user: member, role: 'member' }]);
    eventId = (
      await call('POST', '/api/event', owner, {
        calendarId,
        name: 'Open rehearsal',
        startDate: '2030-06-01T16:00:00.000Z',
        endDate: '2030-06-01T18:00:00.000Z',
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
        repeatingRule: 'FREQ=WEEKLY;COUNT=4',
      })
    ).json().eventId;
    // 50 invitees, invited (as POST /share/event leaves them) straight in the database.
    for (let index = 0; index < 50; index += 1) {
      const guest = await insertSignedInUser(app.database.db, `Guest ${String(index).padStart(2, '0')}`);
      guests.push(guest);
      const id = newId();
      rsvpOf.set(guest.userId, id);
      await app.database.db.insert(userEventStatuses).values({
        id,
        eventId,
        userId: guest.userId,
        email: guest.email,
        name: guest.name,
        groupId: calendarId,
        invitedById: owner.userId,
        sharedAt: new Date(),
        eventStart: new Date('2030-06-01T16:00:00.000Z'),
        eventIsSeries: true,
      });
    }
  });
  afterAll(() => app.stop());

  const statistics = async () => (await call('GET', `/api/events/${eventId}`, owner)).json().rsvpsStatistics;

  it('keeps the statistics exact under 50 parallel answers', async () => {
    // The calendar's member is in the loop (none) from the start.
    expect(await statistics()).toEqual({ pending: 50, attending: 1, notAttending: 0, none: 1 });
    const answers = await Promise.all(
      guests.map((guest) =>
        call('PUT', `/api/userEventStatuses/${rsvpOf.get(guest.userId)}`, guest, {
          statuses: { rsvp: 'attending' },
        }),
      ),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(guests.map(() => 200));
    expect(await statistics()).toEqual({ pending: 0, attending: 51, notAttending: 0, none: 1 });
    const live = await listRealtimePayloads(app.database.db, owner.userId, 'userEventStatus');
    expect(live).toHaveLength(50);
    const values = ['notAttending', 'none', 'attending'] as const;
    await Promise.all(
      guests.map((guest, index) =>
        call('PUT', `/api/userEventStatuses/${rsvpOf.get(guest.userId)}`, guest, {
          statuses: { rsvp: values[index % 3], attendance: 'present' },
        }),
      ),
    );
    expect(await statistics()).toEqual({ pending: 0, attending: 17, notAttending: 17, none: 18 });
    const updates = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, owner.userId));
    // The owner has read none of them: each guest's second answer replaced their first notice.
    const notices = updates.filter((row) => row.type === 'rsvpUpdate');
    expect(notices).toHaveLength(50);
    const count = (rsvp: string) => notices.filter((row) => row.payload.changes?.rsvp === rsvp).length;
    expect([count('attending'), count('notAttending'), count('none')]).toEqual([16, 17, 17]);
    expect(updates.filter((row) => row.type === 'attendanceUpdate')).toHaveLength(50);
  });

  it('shows my RSVP on every occurrence of the series', async () => {
    const guest = guests[0] as User;
    const occurrence = `${eventId}_20300615T160000Z`;
    const mine = (await call('GET', `/api/events/${occurrence}/userEventStatus`, guest)).json();
    expect(mine).toMatchObject({
      userEventStatusId: rsvpOf.get(guest.userId),
      eventId,
      statuses: { rsvp: 'notAttending' },
    });
    const seen = (await call('GET', `/api/events/${occurrence}`, guest)).json();
    expect(seen.userEventStatus.userEventStatusId).toBe(rsvpOf.get(guest.userId));
  });

  it('lets only the person answer for themselves', async () => {
    const someone = await call(
      'PUT',
      `/api/userEventStatuses/${rsvpOf.get((guests[1] as User).userId)}`,
      guests[2] as User,
      {
        statuses: { rsvp: 'attending' },
      },
    );
    expect(someone.statusCode).toBe(403);
    const stranger = await app.register();
    const hidden = await call(
      'PUT',
      `/api/userEventStatuses/${rsvpOf.get((guests[1] as User).userId)}`,
      stranger,
      {
        statuses: { rsvp: 'attending' },
      },
    );
    expect(hidden.statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/userEventStatuses/nope', guests[1] as User, { statuses: { rsvp: 'none' } }))
        .statusCode,
    ).toBe(404);
    const pendingAgain = await call(
      'PUT',
      `/api/userEventStatuses/${rsvpOf.get((guests[1] as User).userId)}`,
      guests[1] as User,
      {
        statuses: { rsvp: 'pending' },
      },
    );
    expect(pendingAgain.json()).toMatchObject({ statusCode: 400, field: 'statuses.rsvp' });
  });

  const rsvpMessagesTo = async (user: User) =>
    (await listRealtimePayloads(app.database.db, user.userId, 'userEventStatus')).length;

  it('puts a visitor of a public calendar who opens the event in the loop, once', async () => {
    const publicCalendar = await insertCalendar(app.database.db, owner, [], { visibility: 'public' });
    const publicEvent = (
      await call('POST', '/api/event', owner, {
        calendarId: publicCalendar,
        name: 'Open day',
        startDate: '2030-06-02T16:00:00.000Z',
        endDate: '2030-06-02T18:00:00.000Z',
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
      })
    ).json().eventId as string;
    const visitor = await app.register({ name: 'Victor Visitor' });
    const counts = async () =>
      (await call('GET', `/api/events/${publicEvent}`, owner)).json().rsvpsStatistics as { none: number };
    const before = await counts();
    const ownerToldBefore = await rsvpMessagesTo(owner);
    const first = (await call('GET', `/api/events/${publicEvent}/userEventStatus`, visitor)).json();
    // One more attendee: the counts say so, and the open pages (the owner's, the visitor's) are told.
    expect((await counts()).none).toBe(before.none + 1);
    expect(await rsvpMessagesTo(owner)).toBe(ownerToldBefore + 1);
    expect(await rsvpMessagesTo(visitor)).toBe(1);
    expect(first).toMatchObject({
      userId: visitor.userId,
      statuses: { rsvp: 'none', attendance: 'unknown' },
    });
    const second = (await call('GET', `/api/events/${publicEvent}/userEventStatus`, visitor)).json();
    expect(second.userEventStatusId).toBe(first.userEventStatusId);
    expect(await rsvpMessagesTo(owner)).toBe(ownerToldBefore + 1);
    const going = await call('PUT', `/api/userEventStatuses/${first.userEventStatusId}`, visitor, {
      statuses: { rsvp: 'attending' },
    });
    expect(going.json().statuses.rsvp).toBe('attending');
    const stranger = await app.register();
    expect((await call('GET', `/api/events/${eventId}/userEventStatus`, stranger)).statusCode).toBe(404);
  });

  it('pages the attendees 10 at a time by name; e-mails only for those who may invite', async () => {
    const names: string[] = [];
    const totals: number[] = [];
    // Past the last page too (skip 60): the count comes with a page's rows, and without any.
    for (let skip = 0; skip <= 60; skip += 10) {
      const page = (
        await call(
          'GET',
          `/api/events/${eventId}/userEventStatuses?resultsPerPage=10&skipNumber=${skip}&sortKey=name`,
          member,
        )
      ).json();
      totals.push(page.totalNumberOfUsers);
      expect(page.userEventStatuses.length).toBeLessThanOrEqual(10);
      names.push(...page.userEventStatuses.map((row: { name: string }) => row.name));
    }
    expect(totals).toEqual([52, 52, 52, 52, 52, 52, 52]);
    expect(names).toHaveLength(52);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    // Registered people show their e-mail only by their privacy switch (off for these guests),
    // even to the owner; an invitation to a bare address shows it to those who may invite.
    await app.database.db.insert(userEventStatuses).values({
      id: newId(),
      eventId,
      email: 'aaa.outsider@example.org',
      name: 'Aaa Outsider',
      groupId: calendarId,
      invitedById: owner.userId,
      sharedAt: new Date(),
      eventStart: new Date('2030-06-01T16:00:00.000Z'),
      eventIsSeries: true,
    });
    type Row = { name: string; email: string | null; userId: string | null };
    const first = (user: User) =>
      call('GET', `/api/events/${eventId}/userEventStatuses?resultsPerPage=5`, user).then(
        (response) => response.json().userEventStatuses as Row[],
      );
    const asOwner = await first(owner);
    expect(asOwner[0]).toMatchObject({
      name: 'Aaa Outsider',
      email: 'aaa.outsider@example.org',
      userId: null,
    });
    expect(
      asOwner.filter((row) => row.userId && row.userId !== owner.userId).every((row) => row.email === null),
    ).toBe(true);
    const asMember = await first(member);
    expect(asMember[0]).toMatchObject({ name: 'Aaa Outsider', email: null });
    const guest = guests[0] as User;
    const asGuest = await first(guest);
    expect(asGuest.filter((row) => row.email !== null)).toEqual([
      expect.objectContaining({ userId: guest.userId, email: guest.email }),
    ]);
    expect((await call('GET', '/api/rsvp', member)).json().choices).toEqual([
      'attending',
      'notAttending',
      'none',
    ]);
  });

  // Last: it adds 51 RSVP holders to the shared event.
  it('tells every holder of an event with at most 100 of them, past that only those concerned', async () => {
    const [first, second] = guests as [User, User];
    const answerId = rsvpOf.get(first.userId) ?? '';
    const toldOf = async (user: User, state: 'notAttending' | 'none') => {
      const answered = await call('PUT', `/api/userEventStatuses/${answerId}`, first, {
        statuses: { rsvp: state },
      });
      expect(answered.statusCode).toBe(200);
      const payloads = await listRealtimePayloads(app.database.db, user.userId, 'userEventStatus');
      return payloads.filter(
        (payload) => (payload as { userEventStatusId: string }).userEventStatusId === answerId,
      ).length;
    };
    // Each step changes the answer, as the page only sends a change.
    const before = await toldOf(second, 'none');
    expect(await toldOf(second, 'notAttending')).toBe(before + 1);
    const ownerBefore = await toldOf(owner, 'none');

    // 51 more people who hold an RSVP: 102 in all, past rsvpBroadcastMax.
    for (let index = 0; index < 51; index += 1) {
      const extra = await insertSignedInUser(app.database.db, `Extra ${String(index).padStart(2, '0')}`);
      await app.database.db.insert(userEventStatuses).values({
        id: newId(),
        eventId,
        userId: extra.userId,
        email: extra.email,
        name: extra.name,
        groupId: calendarId,
        invitedById: owner.userId,
        sharedAt: new Date(),
        eventStart: new Date('2030-06-01T16:00:00.000Z'),
        eventIsSeries: true,
      });
    }
    const secondBefore = await toldOf(second, 'notAttending');
    expect(await toldOf(second, 'none')).toBe(secondBefore);
    expect(await toldOf(owner, 'notAttending')).toBe(ownerBefore + 3);
  });
});
