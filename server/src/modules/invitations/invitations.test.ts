import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { decodeMail, testDatabases } from '../../../test/harness.ts';
import { type TestUser, useTestApp } from '../../../test/suite.ts';
import { accounts, notifications, userBlocks, userEventStatuses } from '../../db/schema/index.ts';

const hourlyLimit = 3;

/**
 * The one invitations flow, for both kinds: invite → pending request → withdraw, accept or
 * decline, and the sender's hourly limit with the client's roll-back. Each kind is driven
 * through its own unchanged HTTP routes.
 */
describe.each(testDatabases())('the invitations flow on %s', (kind) => {
  const { app, owner, call } = useTestApp(kind, {
    ownerName: 'Olga Owner',
    env: { INVITATION_HOURLY_LIMIT: String(hourlyLimit), AUTH_FORM_RATE_LIMIT: '200' },
  });

  interface Target {
    calendarId: string;
    eventId?: string;
  }
  /** Whom an invitation is added for: an address, or a person picked by name. */
  type Who = { email: string } | { userId: string };
  /** What differs per kind: the routes, and what accepting or declining leaves the invitee with. */
  interface KindDriver {
    requestType: 'shareCalendar' | 'shareEvent';
    setUp(from: TestUser): Promise<Target>;
    add(
      from: TestUser,
      target: Target,
      who: Who,
    ): Promise<{ statusCode: number; id: string; field?: string }>;
    send(from: TestUser, target: Target, id: string): Promise<{ statusCode: number; headers: object }>;
    withdraw(from: TestUser, target: Target, id: string): Promise<number>;
    /** What the invitee has of the target after answering. */
    stateOf(guest: TestUser, target: Target): Promise<string>;
    accepted: string;
    declined: string;
  }
  const drivers: Record<'calendar' | 'event', KindDriver> = {
    calendar: {
      requestType: 'shareCalendar',
      setUp: async (from) => ({ calendarId: await insertCalendar(app.database.db, from) }),
      add: async (from, { calendarId }, who) => {
        const added = await call('POST', '/api/members', from, { calendarId, ...who, name: 'Guest' });
        return { statusCode: added.statusCode, id: added.json().memberId, field: added.json().field };
      },
      send: async (from, { calendarId }, memberId) =>
        call('POST', '/api/share/calendar', from, {
          calendarId,
          memberId,
          recaptchaCode: await app.solveCaptcha(),
        }),
      withdraw: async (from, { calendarId }, memberId) =>
        (await call('DELETE', '/api/share/calendar', from, { calendarId, memberId })).statusCode,
      stateOf: async (guest, { calendarId }) => {
        const mine = (await call('GET', '/api/calendar/myCalendars', guest)).json();
        return mine.some((calendar: { calendarId: string }) => calendar.calendarId === calendarId)
          ? 'member'
          : 'not a member';
      },
      accepted: 'member',
      declined: 'not a member',
    },
    event: {
      requestType: 'shareEvent',
      setUp: async (from) => {
        const calendarId = await insertCalendar(app.database.db, from);
        const created = await call('POST', '/api/event', from, {
          calendarId,
          name: 'Open rehearsal',
          startDate: '2030-04-10T17:00:00.000Z',
          endDate: '2030-04-10T19:00:00.000Z',
          startTimezone: 'Europe/Bucharest',
          endTimezone: 'Europe/Bucharest',
        });
        return { calendarId, eventId: created.json().eventId };
      },
      add: async (from, { calendarId, eventId }, who) => {
        const added = await call('POST', '/api/userEventStatuses', from, {
          ...who,
          name: 'Guest',
          groupId: calendarId,
          eventId,
        });
        return {
          statusCode: added.statusCode,
          id: added.json().userEventStatusId,
          field: added.json().field,
        };
      },
      send: async (from, { calendarId, eventId }, userEventStatusId) =>
        call('POST', '/api/share/event', from, {
          userEventStatusId,
          groupId: calendarId,
          eventId,
          recaptchaCode: await app.solveCaptcha(),
        }),
      withdraw: async (from, { calendarId, eventId }, rsvpId) =>
        (await call('DELETE', '/api/share/event', from, { groupId: calendarId, eventId, rsvpId })).statusCode,
      stateOf: async (guest, { eventId }) =>
        (await call('GET', `/api/events/${eventId}/userEventStatus`, guest)).json().statuses.rsvp,
      accepted: 'attending',
      declined: 'notAttending',
    },
  };

  const pending = async (user: TestUser) =>
    (await call('GET', '/api/notification/history?status=pending', user)).json().notifications as Array<{
      notificationType: string;
      token: string;
    }>;
  /** The mails written to an address so far, decoded (quoted-printable bytes read as UTF-8). */
  const mailsTo = async (email: string) =>
    (await app.mails())
      .filter((text) => text.includes(`To: ${email}`))
      .map((text) => Buffer.from(decodeMail(text), 'latin1').toString('utf8'));
  const feedTypes = async (user: TestUser) =>
    (await call('GET', '/api/notification/history', user))
      .json()
      .notifications.map((notification: { notificationType: string }) => notification.notificationType);
  /** Adds and sends an invitation to a new confirmed person; answers them and the invitation's id. */
  const inviteSomeone = async (
    driver: KindDriver,
    from: TestUser,
    target: Target,
    guest?: TestUser,
    how: 'email' | 'userId' = 'email',
  ) => {
    guest ??= await app.register({ confirmed: true });
    const added = await driver.add(
      from,
      target,
      how === 'email' ? { email: guest.email } : { userId: guest.userId },
    );
    expect(added.statusCode).toBe(200);
    const sent = await driver.send(from, target, added.id);
    return { guest, id: added.id, sent };
  };

  describe.each(['calendar', 'event'] as const)('to a %s', (kindName) => {
    const driver = drivers[kindName];

    it('invites a registered person with one pending request; withdrawing takes it back', async () => {
      const target = await driver.setUp(owner);
      const { guest, id, sent } = await inviteSomeone(driver, owner, target);
      expect(sent.statusCode).toBe(200);
      expect((await pending(guest)).map((request) => request.notificationType)).toEqual([driver.requestType]);

      expect(await driver.withdraw(owner, target, id)).toBe(204);
      expect(await pending(guest)).toEqual([]);
      // Withdrawn, the same person can be invited again.
      expect((await driver.add(owner, target, { email: guest.email })).statusCode).toBe(200);
    });

    it.each([
      ['accepts', 'accepted', 'Accepted'],
      ['declines', 'declined', 'Rejected'],
    ] as const)('the invitee %s: the kind’s effect, and the sender hears it', async (_how, effect, heard) => {
      const sender = await app.register({ confirmed: true });
      const target = await driver.setUp(sender);
      const { guest } = await inviteSomeone(driver, sender, target);
      const [request] = await pending(guest);
      const method = effect === 'accepted' ? 'GET' : 'DELETE';
      const answered = await call(
        method,
        `/api/notification?token=${encodeURIComponent(request?.token ?? '')}`,
        guest,
      );
      expect(answered.statusCode).toBe(200);
      expect(await driver.stateOf(guest, target)).toBe(driver[effect]);
      expect(await feedTypes(sender)).toContain(`${driver.requestType}${heard}`);
      expect(await pending(guest)).toEqual([]);
    });

    it.each([
      ['the invitee blocked the inviter', 'invitee'],
      ['the inviter blocked the invitee', 'inviter'],
    ] as const)(
      'stays silent when %s: no request, push or mail, and sent as any other',
      async (_how, blocker) => {
        const sender = await app.register({ confirmed: true });
        const target = await driver.setUp(sender);
        const guest = await app.register({ confirmed: true });
        const [blockerId, blockedId] =
          blocker === 'invitee' ? [guest.userId, sender.userId] : [sender.userId, guest.userId];
        await app.database.db.insert(userBlocks).values({ blockerId, blockedId });
        const mailsBefore = (await mailsTo(guest.email)).length;

        const { id, sent } = await inviteSomeone(driver, sender, target, guest, 'userId');
        expect(sent.statusCode).toBe(200);
        expect(
          await app.database.db
            .select()
            .from(notifications)
            .where(eq(notifications.recipientId, guest.userId)),
        ).toEqual([]);
        expect(await mailsTo(guest.email)).toHaveLength(mailsBefore);
        if (kindName === 'event') {
          // Nor does the event show in the invitee's own calendar.
          const [row] = await app.database.db
            .select()
            .from(userEventStatuses)
            .where(eq(userEventStatuses.id, id));
          expect(row).toMatchObject({ userId: guest.userId, linkCalendarId: null });
          expect(row?.sharedAt).not.toBeNull();
        }
      },
    );

    it('mails a person picked by name too, in their language, leading to their requests', async () => {
      const sender = await app.register({ confirmed: true, name: 'Sorin Sender' });
      const target = await driver.setUp(sender);
      const guest = await app.register({ confirmed: true });
      await app.database.db.update(accounts).set({ language: 'ro' }).where(eq(accounts.id, guest.userId));
      const { sent } = await inviteSomeone(driver, sender, target, guest, 'userId');
      expect(sent.statusCode).toBe(200);
      const [mail] = (await mailsTo(guest.email)).filter((text) => text.includes('Sorin Sender'));
      expect(mail).toContain(kindName === 'calendar' ? 'în calendarul' : 'te-a invitat la');
      expect(mail).toContain('/activity/requests');
      expect(mail).not.toContain('creează-ți un cont');
    });

    it('mails an address that waits for confirmation, whether or not someone registered with it', async () => {
      const sender = await app.register({ confirmed: true });
      const target = await driver.setUp(sender);
      const unconfirmed = await app.register({ name: 'Una Unconfirmed' });
      const stranger = `stranger.${Date.now()}@example.com`;
      for (const email of [unconfirmed.email, stranger]) {
        const added = await driver.add(sender, target, { email });
        expect(added.statusCode).toBe(200);
        expect((await driver.send(sender, target, added.id)).statusCode).toBe(200);
        const [mail] = (await mailsTo(email)).filter((text) => text.includes('invited you'));
        expect(mail).toContain('The invitation waits for this e-mail address to be confirmed');
      }
      // The registered person who has not confirmed hears nothing else until they do.
      expect(await pending(unconfirmed)).toEqual([]);
      await app.confirmEmail(unconfirmed.email);
      expect((await pending(unconfirmed)).map((request) => request.notificationType)).toEqual([
        driver.requestType,
      ]);
    });

    it('refuses to invite oneself, by address (any case) or by id, with 400 on the field', async () => {
      const sender = await app.register({ confirmed: true });
      const target = await driver.setUp(sender);
      expect(await driver.add(sender, target, { email: sender.email.toUpperCase() })).toMatchObject({
        statusCode: 400,
        field: 'email',
      });
      expect(await driver.add(sender, target, { userId: sender.userId })).toMatchObject({
        statusCode: 400,
        field: 'userId',
      });
    });

    it('past the hourly limit answers 429 and tells no one; the roll-back withdraws the invitee', async () => {
      const sender = await app.register({ confirmed: true });
      const target = await driver.setUp(sender);
      for (let sent = 0; sent < hourlyLimit; sent += 1) {
        expect((await inviteSomeone(driver, sender, target)).sent.statusCode).toBe(200);
      }
      const refused = await inviteSomeone(driver, sender, target);
      expect(refused.sent.statusCode).toBe(429);
      expect(refused.sent.headers).toMatchObject({ 'retry-after': '3600' });
      expect(await pending(refused.guest)).toEqual([]);
      expect(await driver.withdraw(sender, target, refused.id)).toBe(204);
      expect((await driver.add(sender, target, { email: refused.guest.email })).statusCode).toBe(200);
    });
  });

  it('counts invitations of both kinds against one hourly limit per sender', async () => {
    const sender = await app.register({ confirmed: true });
    const calendar = await drivers.calendar.setUp(sender);
    const event = await drivers.event.setUp(sender);
    expect((await inviteSomeone(drivers.calendar, sender, calendar)).sent.statusCode).toBe(200);
    expect((await inviteSomeone(drivers.event, sender, event)).sent.statusCode).toBe(200);
    expect((await inviteSomeone(drivers.calendar, sender, calendar)).sent.statusCode).toBe(200);
    expect((await inviteSomeone(drivers.event, sender, event)).sent.statusCode).toBe(429);
    expect((await inviteSomeone(drivers.calendar, sender, calendar)).sent.statusCode).toBe(429);
  });
});
