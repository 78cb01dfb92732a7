import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, findLink, type TestApp, testDatabases } from '../../../test/harness.ts';
import { listRealtimePayloads } from '../../../test/realtime.ts';
import { calendarMembers, notifications } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe.each(testDatabases())('calendar people and invitations on %s', (kind) => {
  let app: TestApp;
  let owner: User;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { INVITATION_HOURLY_LIMIT: '20' } });
    owner = await app.register({ name: 'Olga Owner' });
  });
  afterAll(() => app.stop());

  const call = testCaller(() => app);
  const invite = async (from: User, calendarId: string, email: string, permissions?: object) => {
    const added = await call('POST', '/api/members', from, { calendarId, email, name: 'Guest', permissions });
    if (added.statusCode !== 200) return added;
    const { memberId } = added.json();
    return call('POST', '/api/share/calendar', from, {
      calendarId,
      memberId,
      recaptchaCode: await app.solveCaptcha(),
    });
  };

  it('invites a registered person, who accepts and then has the calendar with their role', async () => {
    const guest = await app.register({ name: 'Gina Guest', confirmed: true });
    const calendarId = await insertCalendar(app.database.db, owner, [], { name: 'Choir' });
    const shared = await invite(owner, calendarId, guest.email.toUpperCase(), { canAdd: true });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().permissions).toEqual({
      canView: true,
      canAdd: true,
      canEdit: false,
      canShare: true,
      isOwner: false,
    });

    const people = (await call('GET', `/api/calendar/users?calendarId=${calendarId}`, owner)).json();
    expect(people.totalNumberOfUsers).toBe(2);
    expect(people.users[0]).toMatchObject({
      userId: owner.userId,
      role: { name: 'owner' },
      isConfirmed: true,
    });
    expect(people.users[1]).toMatchObject({ userId: guest.userId, name: 'Gina Guest', isConfirmed: false });

    const pending = (await call('GET', '/api/notification/history?status=pending', guest)).json()
      .notifications;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      notificationType: 'shareCalendar',
      calendar: { calendarId, name: 'Choir' },
    });
    expect((await call('GET', `/api/calendars/${calendarId}`, guest)).json().currentUser.status).toBe(
      'pending',
    );
    const accepted = await call(
      'GET',
      `/api/notification?token=${encodeURIComponent(pending[0].token)}`,
      guest,
    );
    expect(accepted.json().status).toBe('accepted');

    const mine = (await call('GET', '/api/calendar/myCalendars', guest)).json();
    const joined = mine.find((c: { calendarId: string }) => c.calendarId === calendarId);
    expect(joined).toMatchObject({ calendarLink: { permissions: { canAdd: true } }, users_count: 2 });
    const ownerFeed = (await call('GET', '/api/notification/history', owner)).json().notifications;
    expect(ownerFeed[0]).toMatchObject({
      notificationType: 'shareCalendarAccepted',
      sender: { userId: guest.userId },
    });
  });

  it('a declined invitation goes away and the owner hears of it', async () => {
    const guest = await app.register({ confirmed: true });
    const calendarId = await insertCalendar(app.database.db, owner);
    await invite(owner, calendarId, guest.email);
    const [request] = (await call('GET', '/api/notification/history?status=pending', guest)).json()
      .notifications;
    await call('DELETE', `/api/notification?token=${encodeURIComponent(request.token)}`, guest);
    expect(await app.database.db.$count(calendarMembers, eq(calendarMembers.calendarId, calendarId))).toBe(1);
    expect((await call('GET', `/api/calendars/${calendarId}`, guest)).statusCode).toBe(404);
    const [news] = (await call('GET', '/api/notification/history', owner)).json().notifications;
    expect(news.notificationType).toBe('shareCalendarRejected');
  });

  it('mails someone without an account; registering and confirming that address brings the invitation', async () => {
    const calendarId = await insertCalendar(app.database.db, owner, [], { name: 'Garden' });
    const shared = await invite(owner, calendarId, 'new.person@example.org');
    expect(shared.statusCode).toBe(200);
    const mail = (await app.mails()).find((text) => text.includes('To: new.person@example.org'));
    expect(mail).toContain('Subject: You are invited to the calendar Garden');
    expect(findLink(mail as string, `/calendars/${calendarId}/events`)).toBe(
      `http://127.0.0.1:3000/calendars/${calendarId}/events`,
    );
    const newcomer = await app.register({ email: 'new.person@example.org', confirmed: true });
    const [request] = (await call('GET', '/api/notification/history?status=pending', newcomer)).json()
      .notifications;
    expect(request).toMatchObject({ notificationType: 'shareCalendar', sender: { userId: owner.userId } });
    await call('GET', `/api/notification?token=${encodeURIComponent(request.token)}`, newcomer);
    const mine = (await call('GET', '/api/calendar/myCalendars', newcomer)).json();
    expect(mine.map((c: { name: string }) => c.name)).toContain('Garden');
  });

  it('invites a person found by name whose address is private, without revealing it', async () => {
    const shy = await app.register({ name: 'Shy Person' });
    const calendarId = await insertCalendar(app.database.db, owner);
    const added = await call('POST', '/api/members', owner, { calendarId, userId: shy.userId });
    expect(added.statusCode).toBe(200);
    const { memberId } = added.json();
    const shared = await call('POST', '/api/share/calendar', owner, {
      calendarId,
      memberId,
      recaptchaCode: await app.solveCaptcha(),
    });
    expect(shared.statusCode).toBe(200);
    const people = (await call('GET', `/api/calendar/users?calendarId=${calendarId}`, owner)).json().users;
    expect(people.find((person: { userId: string }) => person.userId === shy.userId)).toMatchObject({
      name: 'Shy Person',
      email: null,
    });
    expect((await call('POST', '/api/members', owner, { calendarId, userId: shy.userId })).statusCode).toBe(
      409,
    );
    expect(
      (await call('POST', '/api/members', owner, { calendarId, userId: 'nobody' })).json(),
    ).toMatchObject({ statusCode: 404, field: 'userId' });
    const both = await call('POST', '/api/members', owner, {
      calendarId,
      userId: shy.userId,
      email: shy.email,
    });
    expect(both.json()).toMatchObject({ statusCode: 400, field: 'email' });
  });

  it('tells about an already-invited person and validates the e-mail', async () => {
    const guest = await app.register();
    const calendarId = await insertCalendar(app.database.db, owner, [{ user: guest, role: 'member' }]);
    const again = await call('POST', '/api/members', owner, { calendarId, email: guest.email });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_INVITED', field: 'email' });
    const bad = await call('POST', '/api/members', owner, { calendarId, email: 'someone@example.toolong' });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'email' });
  });

  it('never grants more than the sharer holds', async () => {
    const sharer = await app.register();
    const calendarId = await insertCalendar(app.database.db, owner, [{ user: sharer, role: 'member' }]);
    await app.database.db
      .update(calendarMembers)
      .set({ permissions: { canView: true, canAdd: false, canEdit: false, canShare: true, isOwner: false } })
      .where(eq(calendarMembers.userId, sharer.userId));
    const added = await call('POST', '/api/members', sharer, {
      calendarId,
      email: 'x.person@example.com',
      permissions: { canAdd: true, canEdit: true, canShare: true, isOwner: true },
    });
    expect(added.json().permissions).toEqual({
      canView: true,
      canAdd: false,
      canEdit: false,
      canShare: true,
      isOwner: false,
    });
  });

  it('needs a solved bot check to share', async () => {
    const calendarId = await insertCalendar(app.database.db, owner);
    const { memberId } = (
      await call('POST', '/api/members', owner, { calendarId, email: 'b@example.com' })
    ).json();
    const refused = await call('POST', '/api/share/calendar', owner, {
      calendarId,
      memberId,
      recaptchaCode: 'nope',
    });
    expect(refused.json()).toMatchObject({ statusCode: 400, field: 'recaptchaCode' });
  });

  it('lets exactly the hourly limit through when 50 invitations race, and rolls the rest back', async () => {
    const sender = await app.register();
    const calendarId = await insertCalendar(app.database.db, sender);
    const added = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', '/api/members', sender, { calendarId, email: `race${i}@example.com` }),
      ),
    );
    const answers = await Promise.all(
      added.map(async (response) =>
        call('POST', '/api/share/calendar', sender, {
          calendarId,
          memberId: response.json().memberId,
          recaptchaCode: await app.solveCaptcha(),
        }),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    for (const [index, response] of answers.entries()) {
      if (response.statusCode !== 429) continue;
      const rollback = await call('DELETE', '/api/share/calendar', sender, {
        calendarId,
        memberId: added[index]?.json().memberId,
      });
      expect(rollback.statusCode).toBe(204);
    }
    expect(await app.database.db.$count(calendarMembers, eq(calendarMembers.calendarId, calendarId))).toBe(
      21,
    );
  });

  it('removes a member, who is told; the owner cannot be removed; a member may leave', async () => {
    const member = await app.register();
    const leaver = await app.register();
    const calendarId = await insertCalendar(app.database.db, owner, [
      { user: member, role: 'member' },
      { user: leaver, role: 'member' },
    ]);
    const rows = await app.database.db
      .select()
      .from(calendarMembers)
      .where(eq(calendarMembers.calendarId, calendarId));
    const idOf = (userId: string) => rows.find((row) => row.userId === userId)?.id as string;
    expect(
      (await call('DELETE', '/api/share/calendar', member, { calendarId, memberId: idOf(owner.userId) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', '/api/share/calendar', owner, { calendarId, memberId: idOf(owner.userId) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', '/api/share/calendar', owner, { calendarId, memberId: idOf(member.userId) }))
        .statusCode,
    ).toBe(204);
    const told = await app.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, member.userId), eq(notifications.type, 'shareCalendarRemove')),
      );
    expect(told).toHaveLength(1);
    const realtime = await listRealtimePayloads(app.database.db, member.userId, 'calendarLink');
    expect(realtime).toContainEqual({
      calendarId,
      lastActionType: 'delete',
      reason: 'memberRemoved',
    });
    expect(
      (await call('DELETE', '/api/share/calendar', leaver, { calendarId, memberId: idOf(leaver.userId) }))
        .statusCode,
    ).toBe(204);
  });

  it('pages and searches the people of a calendar', async () => {
    const people = await Promise.all(
      Array.from({ length: 5 }, (_, i) => app.register({ name: `Zed Person ${i}` })),
    );
    const calendarId = await insertCalendar(
      app.database.db,
      owner,
      people.map((user) => ({ user, role: 'member' as const })),
    );
    const page = (
      await call('GET', `/api/calendar/users?calendarId=${calendarId}&resultsPerPage=2&skipNumber=2`, owner)
    ).json();
    expect(page.totalNumberOfUsers).toBe(6);
    expect(page.users.map((u: { name: string }) => u.name)).toEqual(['Zed Person 1', 'Zed Person 2']);
    const found = (
      await call('GET', `/api/calendar/users?calendarId=${calendarId}&q=person 3`, owner)
    ).json();
    expect(found).toMatchObject({ totalNumberOfUsers: 1, users: [{ name: 'Zed Person 3' }] });
    const wildcard = (await call('GET', `/api/calendar/users?calendarId=${calendarId}&q=%25`, owner)).json();
    expect(wildcard.totalNumberOfUsers).toBe(0);
    const asMember = (
      await call('GET', `/api/calendar/users?calendarId=${calendarId}`, people[0] as User)
    ).json();
    expect(asMember.users.find((u: { userId: string }) => u.userId === people[1]?.userId).email).toBeNull();
  });

  it('finds people by name, or by a whole e-mail address, never oneself', async () => {
    const findable = await app.register({
      name: 'Quentin Findable',
      email: 'quentin.f@example.com',
      confirmed: true,
    });
    const byName = (await call('GET', '/api/user?searchString=quent', owner)).json();
    expect(byName).toEqual([
      { userId: findable.userId, name: 'Quentin Findable', email: null, imageLink: null },
    ]);
    const byEmail = (await call('GET', '/api/user?searchString=Quentin.F@example.com', owner)).json();
    expect(byEmail[0]).toMatchObject({ userId: findable.userId, email: 'quentin.f@example.com' });
    expect((await call('GET', '/api/user?searchString=example.com', owner)).json()).toEqual([]);
    expect((await call('GET', '/api/user?searchString=Olga', owner)).json()).toEqual([]);
    expect((await call('GET', '/api/user?searchString=abc', owner)).json()).toMatchObject({
      statusCode: 400,
      field: 'searchString',
    });
  });
});
