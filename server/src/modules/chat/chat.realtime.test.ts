import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';

type User = Awaited<ReturnType<TestApp['register']>>;
type Received = Array<{ name: string; payload: Record<string, unknown> }>;

describe.each(testDatabases())('chat realtime on %s', (kind) => {
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

  /** A real Socket.IO client of the user, recording every chat message it receives. */
  async function listen(user: User): Promise<Received> {
    const socket = connect(url, {
      path: '/socket.io',
      auth: { loginToken: user.loginToken },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    const received: Received = [];
    for (const name of ['messages', 'conversations', 'users'])
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

  it('sends each message to the participants only, with each one’s unread count', async () => {
    const [ana, bob, eve] = await Promise.all([
      app.register({ name: 'Ana Live' }),
      app.register({ name: 'Bob Live' }),
      app.register({ name: 'Eve Outsider' }),
    ]);
    const [toAna, toBob, toEve] = await Promise.all([listen(ana), listen(bob), listen(eve)]);
    const created = await call('POST', '/api/conversations', ana, {
      type: 'group',
      name: 'Live',
      users: [bob.userId],
    });
    const conversationId = created.json().conversationId as string;
    await settle();
    expect(toBob).toContainEqual({ name: 'conversations', payload: { conversationId, action: 'created' } });
    toAna.length = 0;
    toBob.length = 0;
    const sent = await call('POST', `/api/conversations/${conversationId}/messages`, ana, {
      message: 'hi bob',
      clientKey: 'live-1',
    });
    await settle();
    const forBob = toBob.filter((entry) => entry.name === 'messages');
    expect(forBob).toEqual([
      {
        name: 'messages',
        payload: expect.objectContaining({
          conversationId,
          action: 'created',
          unreadCount: 2,
          message: sent.json(),
        }),
      },
    ]);
    expect(toAna.filter((entry) => entry.name === 'messages')[0]?.payload.unreadCount).toBe(0);
    expect(toEve).toEqual([]);
  });

  it('tells joined, updated_in_conversation, left, muted, hidden and unhidden to the right people', async () => {
    const [ana, bob, cleo] = await Promise.all([
      app.register({ name: 'Ana Events' }),
      app.register({ name: 'Bob Events' }),
      app.register({ name: 'Cleo Events' }),
    ]);
    const conversationId = (
      await call('POST', '/api/conversations', ana, { type: 'group', name: 'Events', users: [bob.userId] })
    ).json().conversationId as string;
    const [toAna, toBob, toCleo] = await Promise.all([listen(ana), listen(bob), listen(cleo)]);
    await call('POST', `/api/conversations/${conversationId}/users`, ana, { users: [cleo.userId] });
    await settle();
    const joined = { name: 'users', payload: { userId: cleo.userId, conversationId, action: 'joined' } };
    expect(toBob).toContainEqual(joined);
    expect(toCleo).toContainEqual({ name: 'conversations', payload: { conversationId, action: 'created' } });
    await call('PUT', `/api/conversations/${conversationId}/users/${bob.userId}`, ana, { role: 'admin' });
    await call('POST', `/api/conversations/${conversationId}/mute`, bob);
    await call('DELETE', `/api/conversations/${conversationId}`, bob);
    await settle();
    expect(toCleo).toContainEqual({
      name: 'users',
      payload: { userId: bob.userId, conversationId, action: 'updated_in_conversation' },
    });
    expect(toBob).toContainEqual({ name: 'conversations', payload: { conversationId, action: 'muted' } });
    expect(toBob).toContainEqual({ name: 'conversations', payload: { conversationId, action: 'hidden' } });
    expect(toAna.some((entry) => entry.payload.action === 'muted' || entry.payload.action === 'hidden')).toBe(
      false,
    );
    await call('DELETE', `/api/conversations/${conversationId}/users/${cleo.userId}`, cleo);
    await settle();
    expect(toBob).toContainEqual({ name: 'conversations', payload: { conversationId, action: 'unhidden' } });
    expect(toAna).toContainEqual({
      name: 'users',
      payload: { userId: cleo.userId, conversationId, action: 'left' },
    });
    expect(toCleo).toContainEqual({ name: 'conversations', payload: { conversationId, action: 'deleted' } });
    toCleo.length = 0;
    await call('POST', `/api/conversations/${conversationId}/messages`, ana, {
      message: 'after',
      clientKey: 'a1',
    });
    await call('POST', `/api/users/${cleo.userId}/block`, ana);
    await settle();
    expect(toCleo).toEqual([]);
    expect(toAna).toContainEqual({ name: 'users', payload: { userId: cleo.userId, action: 'blocked' } });
  });
});
