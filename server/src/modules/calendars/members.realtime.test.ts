import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { insertSignedInUser } from '../../../test/eventFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { calendarMembers } from '../../db/schema/index.ts';

type User = { userId: string; email: string; name: string; loginToken: string };
type Received = Array<{ name: string; payload: Record<string, unknown> }>;

/** What a change of a calendar's people sends to real Socket.IO clients. */
describe.each(testDatabases())('calendar people realtime on %s', (kind) => {
  let app: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await createTestApp(kind);
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app.stop();
  });
  const call = testCaller(() => app);

  /** A real Socket.IO client of the user, recording the calendar messages it receives. */
  async function listen(user: User): Promise<Received> {
    const socket = connect(url, {
      path: '/socket.io',
      auth: { loginToken: user.loginToken },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    const received: Received = [];
    for (const name of ['calendar', 'calendarLink', 'calendarMembers', 'notification'])
      socket.on(name, (payload: Record<string, unknown>) => received.push({ name, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return received;
  }

  /** Delivers what the outbox holds, then lets the sockets read it. */
  async function settle(): Promise<void> {
    await app.ctx.outbox.drain();
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  const memberIdOf = async (calendarId: string, userId: string) => {
    const [row] = await app.database.db
      .select()
      .from(calendarMembers)
      .where(and(eq(calendarMembers.calendarId, calendarId), eq(calendarMembers.userId, userId)));
    return row?.id as string;
  };

  it('reaches the person changed or removed, and refreshes everyone else’s People at once', async () => {
    const db = app.database.db;
    const [owner, admin, member, leaver] = (await Promise.all(
      ['Olga Owner', 'Ada Admin', 'Max Member', 'Lea Leaver'].map((name) => insertSignedInUser(db, name)),
    )) as User[];
    const calendarId = await insertCalendar(db, owner as User, [
      { user: admin as User, role: 'admin' },
      { user: member as User, role: 'member' },
      { user: leaver as User, role: 'member' },
    ]);
    const [toOwner, toAdmin, toMember, toLeaver] = await Promise.all(
      [owner, admin, member, leaver].map((user) => listen(user as User)),
    );
    const memberId = await memberIdOf(calendarId, member?.userId as string);
    const clear = () => {
      for (const list of [toOwner, toAdmin, toMember, toLeaver]) list?.splice(0);
    };

    expect(
      (await call('PUT', `/api/members/${memberId}`, admin as User, { calendarId, role: 'assistant' }))
        .statusCode,
    ).toBe(200);
    await settle();
    expect(toMember).toContainEqual({
      name: 'calendarLink',
      payload: { calendarId, lastActionType: 'update' },
    });
    expect(toMember?.some((entry) => entry.name === 'notification')).toBe(true);
    for (const list of [toOwner, toAdmin, toLeaver]) {
      expect(list).toContainEqual({
        name: 'calendarMembers',
        payload: { calendarId, memberId, action: 'update' },
      });
    }

    clear();
    expect(
      (await call('DELETE', '/api/share/calendar', owner as User, { calendarId, memberId })).statusCode,
    ).toBe(204);
    await settle();
    expect(toMember).toContainEqual({
      name: 'calendarLink',
      payload: { calendarId, lastActionType: 'delete', reason: 'memberRemoved' },
    });
    for (const list of [toOwner, toAdmin, toLeaver]) {
      expect(list).toContainEqual({
        name: 'calendarMembers',
        payload: { calendarId, memberId, action: 'delete' },
      });
    }
    expect(toMember?.some((entry) => entry.name === 'calendarMembers')).toBe(false);

    // Their open sockets hear nothing more of the calendar; the others do.
    clear();
    expect(
      (await call('PUT', `/api/calendar?calendarId=${calendarId}`, owner as User, { details: 'New season' }))
        .statusCode,
    ).toBe(200);
    await settle();
    expect(toAdmin).toContainEqual({ name: 'calendar', payload: { calendarId, lastActionType: 'update' } });
    expect(toMember).toEqual([]);

    clear();
    const leaverId = await memberIdOf(calendarId, leaver?.userId as string);
    expect(
      (await call('DELETE', '/api/share/calendar', leaver as User, { calendarId, memberId: leaverId }))
        .statusCode,
    ).toBe(204);
    await settle();
    expect(toLeaver).toContainEqual({
      name: 'calendarLink',
      payload: { calendarId, lastActionType: 'delete', reason: 'memberRemoved' },
    });
    expect(toOwner).toContainEqual({
      name: 'calendarMembers',
      payload: { calendarId, memberId: leaverId, action: 'delete' },
    });

    // An invitation to a bare address taken back leaves the others' People lists at once too.
    const invited = await call('POST', '/api/members', owner as User, {
      calendarId,
      email: 'nobody-yet@example.com',
    });
    expect(invited.statusCode).toBe(200);
    const addressRow = await app.database.db
      .select()
      .from(calendarMembers)
      .where(
        and(eq(calendarMembers.calendarId, calendarId), eq(calendarMembers.email, 'nobody-yet@example.com')),
      );
    const addressMemberId = addressRow[0]?.id as string;
    clear();
    expect(
      (await call('DELETE', '/api/share/calendar', owner as User, { calendarId, memberId: addressMemberId }))
        .statusCode,
    ).toBe(204);
    await settle();
    for (const list of [toOwner, toAdmin]) {
      expect(list).toContainEqual({
        name: 'calendarMembers',
        payload: { calendarId, memberId: addressMemberId, action: 'delete' },
      });
    }
  });
});
