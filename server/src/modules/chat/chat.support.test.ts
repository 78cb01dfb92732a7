import type { Conversation } from '@convene/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, decodeMail, type TestApp, testDatabases } from '../../../test/harness.ts';
import { queuedRealtime } from '../../../test/realtime.ts';
import { conversations } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe.each(testDatabases())('support threads on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { SUPPORT_EMAIL: 'Help@Example.com' } });
  });
  afterAll(() => app.stop());
  const call = testCaller(() => app);
  const list = async (user: User) => (await call('GET', '/api/conversations', user)).json() as Conversation[];
  const supportThreadOf = async (user: User) => (await list(user)).find((c) => c.preferences.isSupportThread);

  it('opens the support thread with the account, before any list; support joins on proving its address', async () => {
    const zoe = await app.register({ name: 'Zoe Fresh' });
    const [made] = await app.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.supportAccountId, zoe.userId));
    expect(made).toBeDefined();
    const opened = await call('GET', `/api/conversations/${made?.id}`, zoe);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      preferences: { isSupportThread: true },
      lastMessage: { type: 'system', message: 'chat.system.supportWelcome' },
    });
    // The support account has no thread of its own; once confirmed it is in Zoe's, unlisted.
    const other = await createTestApp(kind, { env: { SUPPORT_EMAIL: 'desk@example.com' } });
    const callOther = testCaller(() => other);
    try {
      const early = await other.register({ name: 'Early Asker' });
      const desk = await other.register({ name: 'Desk', email: 'desk@example.com' });
      const [thread] = await other.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.supportAccountId, early.userId));
      expect(
        await other.database.db
          .select()
          .from(conversations)
          .where(eq(conversations.supportAccountId, desk.userId)),
      ).toEqual([]);
      const path = `/api/conversations/${thread?.id}`;
      expect((await callOther('GET', path, desk)).statusCode).toBe(404);
      await other.confirmEmail('desk@example.com');
      expect((await callOther('GET', path, desk)).statusCode).toBe(200);
      // A later account's thread: support is told of it live; the welcome goes to no socket.
      const late = await other.register({ name: 'Late Asker' });
      const [lateThread] = await other.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.supportAccountId, late.userId));
      const told = await queuedRealtime(other.database.db);
      expect(told).toContainEqual({
        userId: desk.userId,
        message: 'conversations',
        payload: { conversationId: lateThread?.id, action: 'created' },
      });
      expect(told.filter((entry) => entry.userId === late.userId)).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  it('still makes the thread on the first list for an account from before chat', async () => {
    const old = await app.register({ name: 'Olga Before' });
    await app.database.db.delete(conversations).where(eq(conversations.supportAccountId, old.userId));
    const thread = await supportThreadOf(old);
    expect(thread).toMatchObject({ lastMessage: { message: 'chat.system.supportWelcome' } });
    expect((await call('GET', `/api/conversations/${thread?.conversationId}`, old)).statusCode).toBe(200);
  });

  it('gives each account one support thread, with a welcome, no actions, mailed to support', async () => {
    const early = await app.register({ name: 'Early Bird' });
    const support = await app.register({
      name: 'Convene Support',
      email: 'help@example.com',
      confirmed: true,
    });
    const ivy = await app.register({ name: 'Ivy Asks' });
    await Promise.all([list(ivy), list(ivy), list(ivy)]);
    const threads = await app.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.supportAccountId, ivy.userId));
    expect(threads).toHaveLength(1);
    const thread = (await supportThreadOf(ivy)) as Conversation;
    expect(thread).toMatchObject({
      unreadCount: 1,
      lastMessage: { type: 'system', message: 'chat.system.supportWelcome' },
      abilities: { send: true, mute: false, hide: false, leave: false, deleteForAll: false },
    });
    expect(thread.participants.map((p) => p.userId)).toEqual([ivy.userId, support.userId]);
    expect((await call('DELETE', `/api/conversations/${thread.conversationId}`, ivy)).statusCode).toBe(403);
    expect((await call('POST', `/api/conversations/${thread.conversationId}/mute`, ivy)).statusCode).toBe(
      403,
    );

    const before = (await app.mails()).length;
    const asked = await call('POST', `/api/conversations/${thread.conversationId}/messages`, ivy, {
      message: 'How do I share a calendar?',
      clientKey: 's1',
    });
    expect(asked.statusCode).toBe(200);
    const mails = await app.mails();
    expect(mails).toHaveLength(before + 1);
    const mail = decodeMail(mails.at(-1) as string);
    expect(mail).toMatch(/^To: help@example\.com/im);
    expect(mail).toContain('How do I share a calendar?');
    expect(mail).toContain(`Ivy Asks <${ivy.email}>`);

    // Support answers in the app; that answer is not mailed to support.
    const supportView = (await list(support)).find((c) => c.conversationId === thread.conversationId);
    expect(supportView).toMatchObject({ unreadCount: 2 });
    const answered = await call('POST', `/api/conversations/${thread.conversationId}/messages`, support, {
      message: 'Open the calendar and choose Share.',
      clientKey: 's2',
    });
    expect(answered.statusCode).toBe(200);
    expect(await app.mails()).toHaveLength(before + 1);
    expect((await supportThreadOf(ivy))?.lastMessage?.message).toBe('Open the calendar and choose Share.');

    // A thread made before the support account existed gains it when support opens its list.
    const earlyThread = (await supportThreadOf(early)) as Conversation;
    expect((await list(support)).map((c) => c.conversationId)).toContain(earlyThread.conversationId);
    const ownThreads = await app.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.supportAccountId, support.userId));
    expect(ownThreads).toEqual([]);
  });
});
