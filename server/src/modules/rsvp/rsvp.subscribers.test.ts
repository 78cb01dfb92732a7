import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testDatabases } from '../../../test/harness.ts';
import { type TestUser, useTestApp } from '../../../test/suite.ts';
import { notifications, outbox } from '../../db/schema/index.ts';

/**
 * What an RSVP tells and who is in an event's loop: the owner's notice of an answer says the
 * answer, and quick changes make one unread notice; a calendar's members are in the loop of its
 * events from the start, join the loop of events to come, and leave it with the calendar.
 */
describe.each(testDatabases())('RSVP notices and the loop on %s', (kind) => {
  const { app, owner, call } = useTestApp(kind, { ownerName: 'Olga Owner' });

  const createEvent = async (calendarId: string, name = 'Open rehearsal') =>
    (
      await call('POST', '/api/event', owner, {
        calendarId,
        name,
        startDate: '2030-06-01T16:00:00.000Z',
        endDate: '2030-06-01T18:00:00.000Z',
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
      })
    ).json().eventId as string;
  const attendees = async (eventId: string, viewer: TestUser = owner) =>
    (await call('GET', `/api/events/${eventId}/userEventStatuses?resultsPerPage=100`, viewer))
      .json()
      .userEventStatuses.map((row: { name: string; statuses: { rsvp: string } }) => ({
        name: row.name,
        rsvp: row.statuses.rsvp,
      }));
  const rsvpNotices = (recipientId: string) =>
    app.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, recipientId), eq(notifications.type, 'rsvpUpdate')));
  const answer = async (guest: TestUser, eventId: string, rsvp: 'attending' | 'notAttending' | 'none') => {
    const mine = (await call('GET', `/api/events/${eventId}/userEventStatus`, guest)).json();
    const answered = await call('PUT', `/api/userEventStatuses/${mine.userEventStatusId}`, guest, {
      statuses: { rsvp },
    });
    expect(answered.statusCode).toBe(200);
  };

  it('the owner’s notice says the answer; quick changes replace the unread notice', async () => {
    const bogdan = await app.register({ name: 'Bogdan Bold' });
    const calendarId = await insertCalendar(app.database.db, owner, [{ user: bogdan, role: 'member' }]);
    const eventId = await createEvent(calendarId);

    await answer(bogdan, eventId, 'attending');
    const [first] = await rsvpNotices(owner.userId);
    expect(first?.payload.changes).toEqual({ rsvp: 'attending' });
    const pushesBefore = await app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'push'))
      .orderBy(outbox.id);

    await answer(bogdan, eventId, 'notAttending');
    await answer(bogdan, eventId, 'none');
    const replaced = await rsvpNotices(owner.userId);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({
      id: first?.id,
      hasBeenRead: false,
      payload: { changes: { rsvp: 'none' } },
    });
    expect(replaced[0]?.actionDate.getTime()).toBeGreaterThanOrEqual(first?.actionDate.getTime() ?? 0);
    // Each change still pushes, under the notice's id, so the shown push is replaced too.
    const pushes = await app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'push'))
      .orderBy(outbox.id);
    expect(pushes.slice(pushesBefore.length).map((row) => row.payload)).toEqual([
      { notificationId: first?.id },
      { notificationId: first?.id },
    ]);
    const feed = (await call('GET', '/api/notification/history', owner)).json();
    expect(
      feed.notifications.filter((n: { notificationType: string }) => n.notificationType === 'rsvpUpdate'),
    ).toEqual([
      expect.objectContaining({
        notificationId: first?.id,
        payload: expect.objectContaining({ changes: { rsvp: 'none' } }),
      }),
    ]);

    // Once read, the next change is news of its own.
    await call('PUT', '/api/notification', owner, { notificationId: first?.id, hasBeenRead: true });
    await answer(bogdan, eventId, 'attending');
    const after = await rsvpNotices(owner.userId);
    expect(after.map((row) => [row.hasBeenRead, row.payload.changes])).toEqual(
      expect.arrayContaining([
        [true, { rsvp: 'none' }],
        [false, { rsvp: 'attending' }],
      ]),
    );
    expect(after).toHaveLength(2);

    // Another person's answer, or the same person's answer to another event, is its own notice.
    const mara = await app.register({ name: 'Mara Member' });
    const other = await insertCalendar(app.database.db, owner, [
      { user: mara, role: 'member' },
      { user: bogdan, role: 'member' },
    ]);
    const secondEvent = await createEvent(other, 'Second rehearsal');
    await answer(mara, secondEvent, 'attending');
    await answer(bogdan, secondEvent, 'attending');
    expect(await rsvpNotices(owner.userId)).toHaveLength(4);
  });

  it('a calendar’s members are in the loop of a new event before they open it', async () => {
    const mara = await app.register({ name: 'Mara Member' });
    const invited = await app.register({ name: 'Ivan Invitee' });
    const calendarId = await insertCalendar(app.database.db, owner, [
      { user: mara, role: 'member' },
      { user: invited, role: 'invitee' },
    ]);
    const eventId = await createEvent(calendarId);
    // Mara has not opened the event; an invitee who has not joined the calendar is not there.
    expect(await attendees(eventId)).toEqual([
      { name: 'Mara Member', rsvp: 'none' },
      { name: 'Olga Owner', rsvp: 'attending' },
    ]);
    const event = (await call('GET', `/api/events/${eventId}`, owner)).json();
    expect(event.rsvpsStatistics).toEqual({ pending: 0, attending: 1, notAttending: 0, none: 1 });
    // Opening it later finds the row already there.
    const mine = (await call('GET', `/api/events/${eventId}/userEventStatus`, mara)).json();
    expect(mine.statuses.rsvp).toBe('none');
    expect(await attendees(eventId)).toHaveLength(2);
  });

  it('someone who joins is in the loop of events to come, and leaves it with the calendar', async () => {
    const calendarId = await insertCalendar(app.database.db, owner);
    const coming = await createEvent(calendarId);
    const joiner = await app.register({ name: 'Jana Joiner', confirmed: true });
    const added = await call('POST', '/api/members', owner, { calendarId, email: joiner.email });
    const memberId = added.json().memberId as string;
    await call('POST', '/api/share/calendar', owner, {
      calendarId,
      memberId,
      recaptchaCode: await app.solveCaptcha(),
    });
    // Invited but not yet a member: not in the loop.
    expect(await attendees(coming)).toEqual([{ name: 'Olga Owner', rsvp: 'attending' }]);
    const [request] = (await call('GET', '/api/notification/history?status=pending', joiner)).json()
      .notifications as Array<{ token: string }>;
    expect(
      (await call('GET', `/api/notification?token=${encodeURIComponent(request?.token ?? '')}`, joiner))
        .statusCode,
    ).toBe(200);
    expect(await attendees(coming)).toEqual([
      { name: 'Jana Joiner', rsvp: 'none' },
      { name: 'Olga Owner', rsvp: 'attending' },
    ]);

    // Leaving takes them out of the loop; an answer they gave stays.
    const answered = await createEvent(calendarId, 'Answered rehearsal');
    await answer(joiner, answered, 'attending');
    const left = await call('DELETE', '/api/share/calendar', joiner, { calendarId, memberId });
    expect(left.statusCode).toBe(204);
    expect(await attendees(coming)).toEqual([{ name: 'Olga Owner', rsvp: 'attending' }]);
    expect(await attendees(answered)).toEqual([
      { name: 'Jana Joiner', rsvp: 'attending' },
      { name: 'Olga Owner', rsvp: 'attending' },
    ]);
  });
});
