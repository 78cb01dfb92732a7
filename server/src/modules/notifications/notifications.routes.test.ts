import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { calendarMembers, calendars, notifications, outbox, userBlocks } from '../../db/schema/index.ts';
import { notify } from './notifications.service.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe.each(testDatabases())('notifications on %s', (kind) => {
  let app: TestApp;
  let alice: User;
  let bob: User;
  let carol: User;
  beforeAll(async () => {
    app = await createTestApp(kind);
    [alice, bob, carol] = [await app.register(), await app.register(), await app.register()];
  });
  afterAll(() => app.stop());

  const call = testCaller(() => app);
  const history = async (user: User, query = '') =>
    (await call('GET', `/api/notification/history${query}`, user)).json();
  const calendarOf = { calendarId: 'c1', name: 'Book club', color: '#4256c1', visibility: 'private' };
  // shiftCreated is a request whose answer only changes its status (no feature effect).
  const invite = (from: User, to: User[], type: 'shiftCreated' | 'calendarChanged' = 'shiftCreated') =>
    app.database.db.transaction((tx) =>
      notify(
        tx,
        to.map((user) => user.userId),
        type,
        { actorId: from.userId, calendar: calendarOf, payload: { requiresRSVP: type !== 'calendarChanged' } },
      ),
    );

  it('writes one row per recipient, never to the actor, with realtime and push in the outbox', async () => {
    const rows = await invite(alice, [bob, carol, alice, bob]);
    expect(rows.map((row) => row.recipientId).sort()).toEqual([bob.userId, carol.userId].sort());
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    const queued = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'push'));
    expect(queued.map((row) => row.payload.notificationId)).toEqual(
      expect.arrayContaining(rows.map((row) => row.id)),
    );
    const realtime = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'realtime'));
    expect(realtime.length).toBeGreaterThanOrEqual(2);
  });

  it('does not notify someone who blocked the actor', async () => {
    const dave = await app.register();
    await app.database.db.insert(userBlocks).values({ blockerId: dave.userId, blockedId: alice.userId });
    expect(await invite(alice, [dave])).toEqual([]);
    expect((await invite(bob, [dave])).length).toBe(1);
  });

  it("honours a recipient's notice setting for plain calendar notifications, never for requests", async () => {
    const erin = await app.register();
    const [personal] = await app.database.db
      .select()
      .from(calendars)
      .where(eq(calendars.ownerId, erin.userId));
    await app.database.db
      .update(calendarMembers)
      .set({
        settings: { enableETA: false, enableChatPushNotifications: true, order: 0, enableNotices: false },
      })
      .where(eq(calendarMembers.userId, erin.userId));
    const about = { ...calendarOf, calendarId: personal?.id as string };
    const plain = await app.database.db.transaction((tx) =>
      notify(tx, [erin.userId], 'calendarChanged', { actorId: alice.userId, calendar: about }),
    );
    expect(plain).toEqual([]);
    const request = await app.database.db.transaction((tx) =>
      notify(tx, [erin.userId], 'shiftCreated', { actorId: alice.userId, calendar: about }),
    );
    expect(request).toHaveLength(1);
  });

  it('answers the feed newest first with senders, tokens only on pending requests, and the unread count', async () => {
    const frank = await app.register();
    await invite(alice, [frank], 'calendarChanged');
    await invite(bob, [frank]);
    const feed = await history(frank);
    expect(feed.unreadCount).toBe(2);
    expect(feed.notifications.map((n: { notificationType: string }) => n.notificationType)).toEqual([
      'shiftCreated',
      'calendarChanged',
    ]);
    const [request, plain] = feed.notifications;
    expect(request).toMatchObject({
      status: 'pending',
      hasBeenRead: false,
      sender: { userId: bob.userId, name: bob.name, imageLink: null },
      calendar: calendarOf,
      payload: { requiresRSVP: true, permissions: { canView: true } },
    });
    expect(request.token).toMatch(new RegExp(`^${request.notificationId}\\.`));
    expect(plain).toMatchObject({ status: null, token: null });

    const requests = await history(frank, '?status=pending');
    expect(requests.notifications).toHaveLength(1);
    expect(requests.unreadCount).toBe(2);
    const onePage = await history(frank, '?resultsPerPage=1&skipNumber=1');
    expect(onePage.notifications.map((n: { notificationId: string }) => n.notificationId)).toEqual([
      plain.notificationId,
    ]);
  });

  it('validates paging and refuses a status filter it does not know', async () => {
    for (const query of ['?skipNumber=-1', '?resultsPerPage=0', '?resultsPerPage=abc', '?status=accepted']) {
      const response = await call('GET', `/api/notification/history${query}`, alice);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });

  it("marks one read, lowers the count, and never touches another user's notification", async () => {
    const gina = await app.register();
    const [row] = await invite(alice, [gina], 'calendarChanged');
    await invite(alice, [gina], 'calendarChanged');
    const id = row?.id as string;
    expect(
      (await call('PUT', '/api/notification', bob, { notificationId: id, hasBeenRead: true })).statusCode,
    ).toBe(404);
    const marked = await call('PUT', '/api/notification', gina, { notificationId: id, hasBeenRead: true });
    expect(marked.json()).toMatchObject({ notificationId: id, hasBeenRead: true });
    expect((await history(gina)).unreadCount).toBe(1);
    const all = await call('PUT', '/api/notification/markAllAsRead', gina);
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await history(gina)).unreadCount).toBe(0);
    expect((await history(alice)).unreadCount).toBeGreaterThanOrEqual(0);
  });

  it('accepts a request once: read, RSVP requirement cleared; a second answer changes nothing', async () => {
    const hank = await app.register();
    await invite(alice, [hank]);
    const [request] = (await history(hank, '?status=pending')).notifications;
    const url = `/api/notification?token=${encodeURIComponent(request.token)}`;
    expect((await call('GET', url, bob)).statusCode).toBe(404);
    const accepted = await call('GET', url, hank);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      hasBeenRead: true,
      token: null,
      payload: { requiresRSVP: false },
    });
    const again = await call('GET', url, hank);
    expect(again.statusCode).toBe(409);
    const declineAfter = await call('DELETE', url, hank);
    expect(declineAfter.statusCode).toBe(409);
    const [stored] = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, request.notificationId));
    expect(stored?.status).toBe('accepted');
    expect((await history(hank, '?status=pending')).notifications).toEqual([]);
  });

  it('declines a request, and refuses forged or malformed tokens', async () => {
    const ivy = await app.register();
    await invite(alice, [ivy]);
    const [request] = (await history(ivy, '?status=pending')).notifications;
    const declined = await call(
      'DELETE',
      `/api/notification?token=${encodeURIComponent(request.token)}`,
      ivy,
    );
    expect(declined.json()).toMatchObject({
      status: 'rejected',
      hasBeenRead: true,
      payload: { requiresRSVP: false },
    });
    const forged = `${request.notificationId}.${'A'.repeat(43)}`;
    for (const token of [forged, 'nodot', `${request.notificationId}.x.y`]) {
      expect(
        (await call('GET', `/api/notification?token=${encodeURIComponent(token)}`, ivy)).statusCode,
      ).toBe(404);
    }
    expect((await call('GET', '/api/notification', ivy)).statusCode).toBe(400);
  });

  it('never shows one user the notifications of another (matrix)', async () => {
    const users = [alice, bob, carol];
    for (const user of users) {
      const feed = await history(user, '?resultsPerPage=100');
      const ids = feed.notifications.map((n: { notificationId: string }) => n.notificationId);
      if (ids.length === 0) continue;
      const rows = await app.database.db.select().from(notifications);
      const owners = new Set(rows.filter((row) => ids.includes(row.id)).map((row) => row.recipientId));
      expect([...owners]).toEqual([user.userId]);
    }
  });
});
