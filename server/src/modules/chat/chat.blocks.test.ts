import type { ChatMessage, ChatParticipant, Conversation } from '@convene/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { givePushDevices } from '../../../test/chatFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { conversationParticipants, conversations, outbox } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

/** A block is one fact: no new conversation and no adding across it; shared groups keep both. */
describe.each(testDatabases())('blocks in group chats on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.stop());

  const call = testCaller(() => app);
  let counter = 0;
  const person = (name: string) => app.register({ name: `${name} ${++counter}` });
  const block = async (blocker: User, blocked: User) =>
    expect((await call('POST', `/api/users/${blocked.userId}/block`, blocker)).statusCode).toBe(204);
  const createGroup = (owner: User, users: User[], name: string) =>
    call('POST', '/api/conversations', owner, { type: 'group', name, users: users.map((u) => u.userId) });
  const group = async (owner: User, users: User[], name = 'Shared') => {
    const response = await createGroup(owner, users, name);
    expect(response.statusCode).toBe(200);
    return (response.json() as Conversation).conversationId;
  };
  const add = (admin: User, conversationId: string, users: User[]) =>
    call('POST', `/api/conversations/${conversationId}/users`, admin, { users: users.map((u) => u.userId) });
  const leave = async (user: User, conversationId: string) =>
    expect(
      (await call('DELETE', `/api/conversations/${conversationId}/users/${user.userId}`, user)).statusCode,
    ).toBe(204);
  const listOf = async (user: User) =>
    (await call('GET', '/api/conversations', user)).json() as Conversation[];
  const refusal = { statusCode: 403, message: 'chat.errors.cannotChatBlocked', field: 'users' };

  it('refuses a group with a person who blocked the creator, or whom the creator blocked, in the same words', async () => {
    const [ana, bea, cai] = [await person('Ana'), await person('Bea'), await person('Cai')];
    await block(bea, ana);
    const alone = await createGroup(ana, [bea], 'Forced');
    expect(alone.json()).toMatchObject(refusal);
    // One blocked person among several refuses the whole request.
    expect((await createGroup(ana, [cai, bea], 'Forced')).json()).toMatchObject(refusal);
    // The blocker is refused with the same answer: nothing tells who blocked whom.
    const reverse = await createGroup(bea, [ana], 'Forced');
    expect(reverse.json()).toEqual(alone.json());
    expect(
      await app.database.db.select().from(conversations).where(eq(conversations.name, 'Forced')),
    ).toEqual([]);
    for (const someone of [bea, cai])
      expect((await listOf(someone)).filter((c) => c.type === 'group')).toEqual([]);
    // A group without the blocked person is fine.
    await group(ana, [cai], 'Allowed');
  });

  it('refuses adding a person a block separates from the admin, either way, also back after leaving', async () => {
    const [ana, bea, cai, dan] = [
      await person('Ana'),
      await person('Bea'),
      await person('Cai'),
      await person('Dan'),
    ];
    const shared = await group(ana, [bea, cai]);
    await block(bea, ana);
    await leave(bea, shared);
    const back = await add(ana, shared, [bea]);
    expect(back.json()).toMatchObject(refusal);
    await block(ana, dan);
    expect((await add(ana, shared, [dan])).json()).toMatchObject(refusal);
    // With someone addable in the same call, no one is added.
    const eve = await person('Eve');
    expect((await add(ana, shared, [eve, dan])).json()).toMatchObject(refusal);
    const places = await app.database.db
      .select({ userId: conversationParticipants.userId, status: conversationParticipants.status })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, shared));
    expect(places).toHaveLength(3);
    expect(places).toContainEqual({ userId: bea.userId, status: 'deleted' });
    expect((await listOf(bea)).some((c) => c.conversationId === shared)).toBe(false);
    expect((await add(ana, shared, [eve])).statusCode).toBe(200);
  });

  it('keeps both in a group they share: messages stay readable, the blocker is not pushed, no one adds the other back', async () => {
    const [owner, ana, bea] = [await person('Owner'), await person('Ana'), await person('Bea')];
    const shared = await group(owner, [ana, bea]);
    for (const admin of [ana, bea]) {
      const role = await call('PUT', `/api/conversations/${shared}/users/${admin.userId}`, owner, {
        role: 'admin',
      });
      expect(role.statusCode).toBe(200);
    }
    await block(bea, ana);
    // Both keep their places and rights; only the blocker sees the mark.
    const seenBy = async (viewer: User) =>
      (await call('GET', `/api/conversations/${shared}/users`, viewer)).json() as ChatParticipant[];
    expect((await seenBy(bea)).find((p) => p.userId === ana.userId)).toMatchObject({
      status: 'active',
      isBlocked: true,
      abilities: { remove: true, changeRole: false, block: false },
    });
    expect((await seenBy(ana)).find((p) => p.userId === bea.userId)).toMatchObject({
      status: 'active',
      isBlocked: false,
    });
    await app.ctx.outbox.drain();
    await givePushDevices(app.database.db, [owner.userId, bea.userId]);
    const unread = async () => (await listOf(bea)).find((c) => c.conversationId === shared)?.unreadCount;
    const before = await unread();
    const sent = await call('POST', `/api/conversations/${shared}/messages`, ana, {
      message: 'still here',
      clientKey: 'blocked-in-group',
    });
    expect(sent.statusCode).toBe(200);
    const message = sent.json() as ChatMessage;
    // It counts as unread for the blocker, like anyone else's message in the group.
    expect(await unread()).toBe((before ?? 0) + 1);
    const read = (await call('GET', `/api/conversations/${shared}/messages`, bea)).json() as ChatMessage[];
    expect(read.map((m) => m.messageId)).toContain(message.messageId);
    const pushes = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'chatPush'));
    expect(
      pushes
        .filter((row) => row.payload.messageId === message.messageId)
        .map((row) => row.payload.recipientId),
    ).toEqual([owner.userId]);
    // The blocker may still write there, and the blocked person reads it.
    const answer = await call('POST', `/api/conversations/${shared}/messages`, bea, {
      message: 'noted',
      clientKey: 'blocker-in-group',
    });
    expect(answer.statusCode).toBe(200);
    // Once one of them leaves, the other cannot bring them back; a third admin can.
    await leave(bea, shared);
    expect((await add(ana, shared, [bea])).json()).toMatchObject(refusal);
    expect((await add(owner, shared, [bea])).statusCode).toBe(200);
    await call('PUT', `/api/conversations/${shared}/users/${bea.userId}`, owner, { role: 'admin' });
    await leave(ana, shared);
    expect((await add(bea, shared, [ana])).json()).toMatchObject(refusal);
  });
});
