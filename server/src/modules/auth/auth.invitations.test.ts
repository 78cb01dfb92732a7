import { describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { decodeMail, findLink, testDatabases } from '../../../test/harness.ts';
import { type TestUser, useTestApp } from '../../../test/suite.ts';

type User = TestUser;

/**
 * Issue 10: anyone could register with someone else's address and collect the invitations sent
 * to it. Invitations addressed by e-mail reach an account only once it confirmed the address.
 */
describe.each(testDatabases())('invitations and unconfirmed addresses on %s', (kind) => {
  const { app, owner, call } = useTestApp(kind, { ownerName: 'Olga Owner' });
  const inviteToCalendar = async (calendarId: string, email: string) => {
    const added = await call('POST', '/api/members', owner, { calendarId, email, name: 'Victim' });
    expect(added.statusCode).toBe(200);
    const shared = await call('POST', '/api/share/calendar', owner, {
      calendarId,
      memberId: added.json().memberId,
      recaptchaCode: await app.solveCaptcha(),
    });
    expect(shared.statusCode).toBe(200);
  };
  const inviteToEvent = async (calendarId: string, eventId: string, email: string) => {
    const added = await call('POST', '/api/userEventStatuses', owner, {
      email,
      name: 'Victim',
      groupId: calendarId,
      eventId,
    });
    expect(added.statusCode).toBe(200);
    const shared = await call('POST', '/api/share/event', owner, {
      userEventStatusId: added.json().userEventStatusId,
      groupId: calendarId,
      eventId,
      recaptchaCode: await app.solveCaptcha(),
    });
    expect(shared.statusCode).toBe(200);
  };
  const createEvent = async (calendarId: string) =>
    (
      await call('POST', '/api/event', owner, {
        calendarId,
        name: 'Secret meeting',
        startDate: '2030-04-10T17:00:00.000Z',
        endDate: '2030-04-10T19:00:00.000Z',
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
      })
    ).json().eventId as string;
  const mailTo = async (email: string, containing: string) =>
    (await app.mails()).find(
      (text) => text.includes(`To: ${email}`) && decodeMail(text).includes(containing),
    ) as string;
  const pending = async (user: User) =>
    (await call('GET', '/api/notification/history?status=pending', user)).json().notifications as Array<{
      notificationType: string;
      token: string;
    }>;
  /** What the holder of the account can reach of the calendar and the event. */
  const expectShut = async (user: User, calendarId: string, eventId: string) => {
    expect(await pending(user)).toEqual([]);
    expect((await call('GET', `/api/calendars/${calendarId}`, user)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${eventId}`, user)).statusCode).toBe(404);
    const mine = (await call('GET', '/api/calendar/myCalendars', user)).json();
    expect(mine.map((calendar: { calendarId: string }) => calendar.calendarId)).not.toContain(calendarId);
  };
  const acceptAll = async (user: User) => {
    for (const request of await pending(user))
      expect(
        (await call('GET', `/api/notification?token=${encodeURIComponent(request.token)}`, user)).statusCode,
      ).toBeLessThan(300);
  };

  it('invited before registering: the unconfirmed account gets nothing until it confirms', async () => {
    const email = `victim.before.${Date.now()}@example.com`;
    const calendarId = await insertCalendar(app.database.db, owner, [], { name: 'Board' });
    const eventId = await createEvent(calendarId);
    await inviteToCalendar(calendarId, email);
    const otherCalendar = await insertCalendar(app.database.db, owner, [], { name: 'Other' });
    const otherEvent = await createEvent(otherCalendar);
    await inviteToEvent(otherCalendar, otherEvent, email);

    const squatter = await app.register({ email });
    expect(squatter.status).toBe('pending');
    await expectShut(squatter, calendarId, eventId);
    await expectShut(squatter, otherCalendar, otherEvent);
    expect((await call('GET', `/api/events/${otherEvent}/userEventStatus`, squatter)).statusCode).toBe(404);

    await app.confirmEmail(email);
    expect((await pending(squatter)).map((request) => request.notificationType).sort()).toEqual([
      'shareCalendar',
      'shareEvent',
    ]);
    await acceptAll(squatter);
    expect((await call('GET', `/api/calendars/${calendarId}`, squatter)).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${otherEvent}`, squatter)).statusCode).toBe(200);
  });

  it('invited after registering: the address names no one until confirmed, then the invitation is theirs', async () => {
    const email = `victim.after.${Date.now()}@example.com`;
    const squatter = await app.register({ email });
    // Not found by e-mail in people search, so the invite dialog offers the address, not the account.
    expect((await call('GET', `/api/user?searchString=${email}`, owner)).json()).toEqual([]);
    const calendarId = await insertCalendar(app.database.db, owner, [], { name: 'Finance' });
    const eventId = await createEvent(calendarId);
    await inviteToCalendar(calendarId, email);
    await expectShut(squatter, calendarId, eventId);
    // The invitation went out by mail to the address, as to someone without an account.
    const mail = await mailTo(email, `/calendars/${calendarId}/events`);
    expect(findLink(mail, `/calendars/${calendarId}/events`)).toContain(calendarId);

    await app.confirmEmail(email);
    expect((await call('GET', `/api/user?searchString=${email}`, owner)).json()).toMatchObject([
      { userId: squatter.userId, email },
    ]);
    await acceptAll(squatter);
    expect((await call('GET', `/api/calendars/${calendarId}`, squatter)).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${eventId}`, squatter)).statusCode).toBe(200);
  });

  it('a password reset proves the address too and brings the invitations', async () => {
    const email = `victim.reset.${Date.now()}@example.com`;
    const calendarId = await insertCalendar(app.database.db, owner, [], { name: 'Reset club' });
    await inviteToCalendar(calendarId, email);
    const user = await app.register({ email });
    expect(await pending(user)).toEqual([]);
    const requested = await app.fastify.inject({
      method: 'POST',
      url: '/api/account/resetPassword',
      payload: { email, recaptchaCode: await app.solveCaptcha() },
    });
    expect(requested.statusCode).toBe(204);
    const mail = await mailTo(email, '/reset-password?token=');
    const token = new URL(findLink(mail, '/reset-password?token=')).searchParams.get('token');
    const reset = await app.fastify.inject({
      method: 'POST',
      url: '/api/account/resetPassword/confirm',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ email });
    const login = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'brand-new-pass' },
    });
    const signedIn = { ...user, loginToken: login.json().loginToken as string };
    expect((await pending(signedIn)).map((request) => request.notificationType)).toEqual(['shareCalendar']);
  });
});
