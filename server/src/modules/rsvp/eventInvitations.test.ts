import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, findLink, type TestApp, testDatabases } from '../../../test/harness.ts';
import { queuedRealtime } from '../../../test/realtime.ts';
import { userEventStatuses } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe.each(testDatabases())('event invitations on %s', (kind) => {
  let app: TestApp;
  let owner: User;
  let calendarId: string;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { INVITATION_HOURLY_LIMIT: '5' } });
    owner = await app.register({ name: 'Otto Owner' });
    calendarId = await insertCalendar(app.database.db, owner, [], { name: 'Concerts' });
  });
  afterAll(() => app.stop());

  const call = testCaller(() => app);
  const createEvent = async (user: User, inCalendar: string, extra: object = {}) =>
    (
      await call('POST', '/api/event', user, {
        calendarId: inCalendar,
        name: 'Spring concert',
        startDate: '2030-04-10T17:00:00.000Z',
        endDate: '2030-04-10T19:00:00.000Z',
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
        ...extra,
      })
    ).json();
  const invite = async (from: User, eventId: string, email: string, groupId = calendarId) => {
    const added = await call('POST', '/api/userEventStatuses', from, {
      email,
      name: 'Guest',
      groupId,
      eventId,
    });
    if (added.statusCode !== 200) return { added, shared: added };
    const { userEventStatusId } = added.json();
    const shared = await call('POST', '/api/share/event', from, {
      userEventStatusId,
      groupId,
      eventId,
      recaptchaCode: await app.solveCaptcha(),
    });
    return { added, shared, userEventStatusId: userEventStatusId as string };
  };
  const pending = async (user: User) =>
    (await call('GET', '/api/notification/history?status=pending', user)).json().notifications;

  it('invites a registered person, who sees the event in their calendar and accepts: attending', async () => {
    const guest = await app.register({ name: 'Greta Guest', confirmed: true });
    const event = await createEvent(owner, calendarId);
    const { shared, userEventStatusId } = await invite(owner, event.eventId, guest.email.toUpperCase());
    expect(shared.statusCode).toBe(200);

    const [request] = await pending(guest);
    expect(request).toMatchObject({
      notificationType: 'shareEvent',
      status: 'pending',
      rsvpId: userEventStatusId,
      payload: { requiresRSVP: true },
      event: { eventId: event.eventId, name: 'Spring concert' },
      sender: { userId: owner.userId },
    });
    const realtime = (await queuedRealtime(app.database.db)).filter((row) => row.userId === guest.userId);
    expect(realtime.map((row) => row.message)).toContain('event');

    const seen = (await call('GET', `/api/events/${event.eventId}`, guest)).json();
    const calendars = (await call('GET', '/api/calendar/myCalendars', guest)).json();
    const personal = calendars.find((calendar: { isPersonal: boolean }) => calendar.isPersonal).calendarId;
    expect(seen).toMatchObject({
      calendarId: personal,
      originatingCalendarId: calendarId,
      originatingCalendar: { userLink: null },
      userEventStatus: { userEventStatusId, statuses: { rsvp: 'pending' } },
      permissions: { canEdit: false, canRemove: true, canShare: false },
      rsvpsStatistics: { attending: 1, pending: 1 },
    });
    expect(seen.usersWithPermissions).toEqual([{ linkCalendarId: seen.calendarId }]);
    expect(seen.abilities).toMatchObject({
      editEvent: false,
      deleteEvent: false,
      removeEvent: true,
      shareEvent: false,
    });
    const agenda = (await call('GET', '/api/events?timeMin=2030-01-01T00:00:00.000Z', guest)).json();
    expect(agenda.items.map((item: { eventId: string }) => item.eventId)).toContain(event.eventId);
    const inPersonal = (
      await call('GET', `/api/calendars/${seen.calendarId}/events?timeMin=2030-01-01T00:00:00.000Z`, guest)
    ).json();
    expect(inPersonal.items.map((item: { eventId: string }) => item.eventId)).toEqual([event.eventId]);

    const accepted = await call('GET', `/api/notification?token=${encodeURIComponent(request.token)}`, guest);
    expect(accepted.json()).toMatchObject({ status: 'accepted', payload: { requiresRSVP: false } });
    const mine = (await call('GET', `/api/events/${event.eventId}/userEventStatus`, guest)).json();
    expect(mine).toMatchObject({ userEventStatusId, statuses: { rsvp: 'attending' } });
    const after = (await call('GET', `/api/events/${event.eventId}`, owner)).json();
    expect(after.rsvpsStatistics).toEqual({ pending: 0, attending: 2, notAttending: 0, none: 0 });
    const [news] = (await call('GET', '/api/notification/history', owner)).json().notifications;
    expect(news).toMatchObject({ notificationType: 'shareEventAccepted', sender: { userId: guest.userId } });

    const removed = await call('DELETE', '/api/event', guest, {
      calendarId: seen.calendarId,
      eventId: event.eventId,
    });
    expect(removed.statusCode).toBe(204);
    const gone = (await call('GET', '/api/events?timeMin=2030-01-01T00:00:00.000Z', guest)).json();
    expect(gone.items.map((item: { eventId: string }) => item.eventId)).not.toContain(event.eventId);
    expect((await call('GET', `/api/events/${event.eventId}`, owner)).statusCode).toBe(200);
    const forbidden = await call('DELETE', '/api/event', guest, { calendarId, eventId: event.eventId });
    expect(forbidden.statusCode).toBe(403);
  });

  it('declining sets not attending and tells the inviter', async () => {
    const guest = await app.register({ confirmed: true });
    const event = await createEvent(owner, calendarId);
    const { userEventStatusId } = await invite(owner, event.eventId, guest.email);
    const [request] = await pending(guest);
    await call('DELETE', `/api/notification?token=${encodeURIComponent(request.token)}`, guest);
    const [row] = await app.database.db
      .select()
      .from(userEventStatuses)
      .where(eq(userEventStatuses.id, userEventStatusId as string));
    expect(row?.rsvp).toBe('notAttending');
    const [news] = (await call('GET', '/api/notification/history', owner)).json().notifications;
    expect(news.notificationType).toBe('shareEventRejected');
  });

  it('mails someone without an account; registering brings the request and the event', async () => {
    const event = await createEvent(owner, calendarId, { name: 'Garden party' });
    const { shared } = await invite(owner, event.eventId, 'event.newcomer@example.org');
    expect(shared.statusCode).toBe(200);
    const mail = (await app.mails()).find((text) => text.includes('To: event.newcomer@example.org'));
    expect(mail).toContain('Subject: You are invited to Garden party');
    expect(findLink(mail as string, '/events/')).toBe(
      `http://127.0.0.1:3000/events/Garden_party-${event.eventId}`,
    );
    const newcomer = await app.register({ email: 'event.newcomer@example.org', confirmed: true });
    const [request] = await pending(newcomer);
    expect(request).toMatchObject({ notificationType: 'shareEvent', rsvpId: expect.any(String) });
    await call('GET', `/api/notification?token=${encodeURIComponent(request.token)}`, newcomer);
    const agenda = (await call('GET', '/api/events?timeMin=2030-01-01T00:00:00.000Z', newcomer)).json();
    expect(agenda.items).toMatchObject([
      { eventId: event.eventId, userEventStatus: { statuses: { rsvp: 'attending' } } },
    ]);
  });

  it('needs canShare and an event that is not info; groupId must be its calendar; no duplicates', async () => {
    const member = await app.register();
    const shared = await insertCalendar(app.database.db, owner, [{ user: member, role: 'member' }]);
    const event = await createEvent(owner, shared);
    expect((await invite(member, event.eventId, 'x1@example.com', shared)).added.statusCode).toBe(403);
    const info = await createEvent(owner, shared, { kind: 'info' });
    expect((await invite(owner, info.eventId, 'x2@example.com', shared)).added.statusCode).toBe(403);
    const wrongGroup = await invite(owner, event.eventId, 'x3@example.com', calendarId);
    expect(wrongGroup.added.json()).toMatchObject({ statusCode: 400, field: 'groupId' });
    expect((await invite(owner, event.eventId, 'x4@example.com', shared)).shared.statusCode).toBe(200);
    const again = await invite(owner, event.eventId, 'X4@example.com', shared);
    expect(again.added.json()).toMatchObject({ statusCode: 409, code: 'ALREADY_INVITED', field: 'email' });
    const stranger = await app.register();
    expect((await invite(stranger, event.eventId, 'x5@example.com', shared)).added.statusCode).toBe(404);
  });

  it('lets exactly the hourly limit through when invitations race; the client rolls the rest back', async () => {
    const sender = await app.register();
    const own = await insertCalendar(app.database.db, sender);
    const event = await createEvent(sender, own);
    const added = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        call('POST', '/api/userEventStatuses', sender, {
          email: `limit${index}@example.com`,
          groupId: own,
          eventId: event.eventId,
        }),
      ),
    );
    const answers = await Promise.all(
      added.map(async (response) =>
        call('POST', '/api/share/event', sender, {
          userEventStatusId: response.json().userEventStatusId,
          groupId: own,
          eventId: event.eventId,
          recaptchaCode: await app.solveCaptcha(),
        }),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    for (const [index, response] of answers.entries()) {
      if (response.statusCode !== 429) continue;
      const rollback = await call('DELETE', '/api/share/event', sender, {
        groupId: own,
        eventId: event.eventId,
        rsvpId: added[index]?.json().userEventStatusId,
      });
      expect(rollback.statusCode).toBe(204);
    }
    const attendees = (
      await call('GET', `/api/events/${event.eventId}/userEventStatuses?resultsPerPage=100`, sender)
    ).json();
    expect(attendees.totalNumberOfUsers).toBe(6);
    const ownerRow = attendees.userEventStatuses.find(
      (row: { userId: string }) => row.userId === sender.userId,
    );
    const keep = await call('DELETE', '/api/share/event', sender, {
      groupId: own,
      eventId: event.eventId,
      rsvpId: ownerRow.userEventStatusId,
    });
    expect(keep.statusCode).toBe(403);
  });

  it('invites a person found by name by userId without showing their address', async () => {
    const quiet = await app.register({ name: 'Quentin Quiet', confirmed: true });
    const event = await createEvent(owner, calendarId, { name: 'Quiet dinner' });
    const added = await call('POST', '/api/userEventStatuses', owner, {
      userId: quiet.userId,
      groupId: calendarId,
      eventId: event.eventId,
    });
    expect(added.statusCode).toBe(200);
    const shared = await call('POST', '/api/share/event', owner, {
      userEventStatusId: added.json().userEventStatusId,
      groupId: calendarId,
      eventId: event.eventId,
      recaptchaCode: await app.solveCaptcha(),
    });
    expect(shared.statusCode).toBe(200);
    const attendees = (await call('GET', `/api/events/${event.eventId}/userEventStatuses`, owner)).json();
    const row = attendees.userEventStatuses.find(
      (entry: { userId: string }) => entry.userId === quiet.userId,
    );
    expect(row).toMatchObject({ name: 'Quentin Quiet', email: null, statuses: { rsvp: 'pending' } });
    expect((await pending(quiet))[0]).toMatchObject({
      notificationType: 'shareEvent',
      event: { name: 'Quiet dinner' },
    });
    const again = await call('POST', '/api/userEventStatuses', owner, {
      userId: quiet.userId,
      groupId: calendarId,
      eventId: event.eventId,
    });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'ALREADY_INVITED', field: 'userId' });
    const nobody = await call('POST', '/api/userEventStatuses', owner, {
      userId: 'f'.repeat(32),
      groupId: calendarId,
      eventId: event.eventId,
    });
    expect(nobody.json()).toMatchObject({ statusCode: 404, field: 'userId' });
    const both = await call('POST', '/api/userEventStatuses', owner, {
      userId: quiet.userId,
      email: quiet.email,
      groupId: calendarId,
      eventId: event.eventId,
    });
    expect(both.json()).toMatchObject({ statusCode: 400, field: 'email' });
  });
});
