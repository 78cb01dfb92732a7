import type { ChatMessage, Conversation } from '@convene/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { givePushDevices } from '../../../test/chatFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { accounts, conversations, messages, outbox } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe.each(testDatabases())('chat on %s', (kind) => {
  let app: TestApp;
  let ana: User;
  let bob: User;
  let cleo: User;
  beforeAll(async () => {
    app = await createTestApp(kind);
    ana = await app.register({ name: 'Ana Chat' });
    bob = await app.register({ name: 'Bob Chat' });
    cleo = await app.register({ name: 'Cleo Chat' });
  });
  afterAll(() => app.stop());

  const call = testCaller(() => app);
  let keyCounter = 0;
  const send = (user: User, conversationId: string, body: object = {}) =>
    call('POST', `/api/conversations/${conversationId}/messages`, user, {
      message: 'hello',
      clientKey: `k${++keyCounter}`,
      ...body,
    });
  const group = async (owner: User, users: User[], name = 'Team') => {
    const response = await call('POST', '/api/conversations', owner, {
      type: 'group',
      name,
      users: users.map((user) => user.userId),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Conversation;
  };

  it('creates a 1to1 once: creating it again answers the same conversation', async () => {
    const first = await call('POST', '/api/conversations', ana, { type: '1to1', users: [bob.userId] });
    expect(first.statusCode).toBe(200);
    const created = first.json() as Conversation;
    expect(created).toMatchObject({ type: '1to1', unreadCount: 0, lastMessage: null, role: 'participant' });
    expect(created.participants.map((p) => p.userId)).toEqual([ana.userId, bob.userId]);
    const again = await call('POST', '/api/conversations', bob, { type: '1to1', users: [ana.userId] });
    expect(again.json().conversationId).toBe(created.conversationId);
    const concurrent = await Promise.all(
      [0, 1, 2].map(() => call('POST', '/api/conversations', cleo, { type: '1to1', users: [ana.userId] })),
    );
    expect(new Set(concurrent.map((r) => r.json().conversationId)).size).toBe(1);
  });

  it('refuses a 1to1 with oneself, with an unknown person, and without canCreateChat', async () => {
    const self = await call('POST', '/api/conversations', ana, { type: '1to1', users: [ana.userId] });
    expect(self.statusCode).toBe(400);
    expect(self.json().field).toBe('users');
    expect(
      (await call('POST', '/api/conversations', ana, { type: '1to1', users: ['nobody'] })).statusCode,
    ).toBe(404);
    const two = await call('POST', '/api/conversations', ana, {
      type: '1to1',
      users: [bob.userId, cleo.userId],
    });
    expect(two.json()).toMatchObject({ statusCode: 400, field: 'users' });
    const barred = await app.register({ name: 'Barred Chatter' });
    await app.database.db
      .update(accounts)
      .set({ canCreateChat: false })
      .where(eq(accounts.id, barred.userId));
    const refused = await call('POST', '/api/conversations', barred, { type: '1to1', users: [ana.userId] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('chat.errors.cannotCreateChat');
  });

  it('validates group info: name required with a word character, ≤ 40; description ≤ 200', async () => {
    const cases: Array<[object, string]> = [
      [{ type: 'group', users: [] }, 'name'],
      [{ type: 'group', name: '!!! ---', users: [] }, 'name'],
      [{ type: 'group', name: 'x'.repeat(41), users: [] }, 'name'],
      [{ type: 'group', name: 'Ok', description: 'd'.repeat(201), users: [] }, 'description'],
      [{ type: 'group', name: 'Ok', photo: 'https://evil.example/x.jpg', users: [] }, 'photo'],
      [{ type: 'calendar', name: 'Ok', users: [] }, 'type'],
    ];
    const before = await app.database.db.select().from(conversations);
    for (const [body, field] of cases) {
      const response = await call('POST', '/api/conversations', ana, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect(await app.database.db.select().from(conversations)).toHaveLength(before.length);
    const ok = await group(ana, [bob], 'Ș'.repeat(40));
    expect(ok).toMatchObject({ name: 'Ș'.repeat(40), role: 'owner', unreadCount: 0 });
    expect(ok.lastMessage).toMatchObject({ type: 'system', message: 'chat.system.created', sender: null });
  });

  it('sends idempotently on clientKey, stores the text as written, and refuses blank or foreign media', async () => {
    const { conversationId } = await group(ana, [bob]);
    const text = '**bold** <script>alert(1)</script>\n  spaced  ';
    const first = await send(ana, conversationId, { message: text, clientKey: 'same' });
    expect(first.statusCode).toBe(200);
    const retries = await Promise.all(
      [0, 1, 2].map(() => send(ana, conversationId, { message: text, clientKey: 'same' })),
    );
    for (const retry of retries) expect(retry.json().messageId).toBe(first.json().messageId);
    expect(first.json()).toMatchObject({ message: text, sender: { userId: ana.userId, name: 'Ana Chat' } });
    // Bob may use the same key: keys are per sender.
    expect((await send(bob, conversationId, { clientKey: 'same' })).json().messageId).not.toBe(
      first.json().messageId,
    );
    const stored = await app.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(stored.map((row) => row.seq).sort((a, b) => a - b)).toEqual([1, 2, 3]);
    for (const body of [{ message: '   ' }, { message: null }, { message: 'x'.repeat(4001) }]) {
      const response = await send(ana, conversationId, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('message');
    }
    expect((await send(ana, conversationId, { message: 'x'.repeat(4000) })).statusCode).toBe(200);
    const foreign = `/media/photos/event/${bob.userId}/${'a'.repeat(32)}.jpg`;
    const stolen = await send(ana, conversationId, { message: null, media: foreign });
    expect(stolen.json()).toMatchObject({ statusCode: 400, field: 'media' });
    const missing = await send(ana, conversationId, {
      media: `/media/photos/event/${ana.userId}/${'b'.repeat(32)}.jpg`,
    });
    expect(missing.json()).toMatchObject({ statusCode: 400, field: 'media' });
  });

  it('pages messages with a pinned snapshot: sends between pages neither repeat nor skip', async () => {
    const { conversationId } = await group(ana, [bob]);
    for (let index = 0; index < 45; index++) await send(bob, conversationId, { message: `m${index}` });
    const url = (query: string) => `/api/conversations/${conversationId}/messages?${query}`;
    const first = (await call('GET', url('limit=20'), ana)).json() as ChatMessage[];
    expect(first).toHaveLength(20);
    const from = first[0]?.seq as number;
    const seen = [...first];
    for (let skip = 20; ; skip += 20) {
      await send(cleo, conversationId).catch(() => undefined); // not a participant: refused
      await send(bob, conversationId, { message: `late${skip}` });
      const page = (
        await call('GET', url(`skip=${skip}&limit=20&from=${from}`), ana)
      ).json() as ChatMessage[];
      seen.push(...page);
      if (page.length < 20) break;
    }
    const seqs = seen.map((m) => m.seq);
    expect(seqs).toEqual(Array.from({ length: from }, (_, i) => from - i));
    expect(seen.filter((m) => m.message?.startsWith('late'))).toEqual([]);
  });

  it('counts unread from positions and zeroes them when the newest page is read', async () => {
    const { conversationId } = await group(ana, [bob, cleo]);
    await send(ana, conversationId);
    await send(ana, conversationId);
    await send(bob, conversationId);
    const unread = async (user: User) =>
      ((await call('GET', `/api/conversations/${conversationId}`, user)).json() as Conversation).unreadCount;
    expect(await unread(ana)).toBe(1);
    expect(await unread(bob)).toBe(0);
    expect(await unread(cleo)).toBe(4);
    await call('GET', `/api/conversations/${conversationId}/messages`, cleo);
    expect(await unread(cleo)).toBe(0);
    const list = (await call('GET', '/api/conversations', ana)).json() as Conversation[];
    expect(list.find((c) => c.conversationId === conversationId)).toMatchObject({
      unreadCount: 1,
      lastMessage: { message: 'hello', sender: { userId: bob.userId } },
    });
  });

  it('lets admins manage a group; the owner cannot be removed or changed and cannot leave', async () => {
    const dora = await app.register({ name: 'Dora Chat' });
    const { conversationId } = await group(ana, [bob]);
    const users = `/api/conversations/${conversationId}/users`;
    expect((await call('POST', users, bob, { users: [cleo.userId] })).statusCode).toBe(403);
    expect((await call('PUT', `${users}/${bob.userId}`, ana, { role: 'admin' })).json()).toMatchObject({
      role: 'admin',
    });
    expect((await call('POST', users, bob, { users: [cleo.userId, dora.userId] })).statusCode).toBe(200);
    expect((await call('PUT', users.concat(`/${ana.userId}`), bob, { role: 'participant' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `${users}/${ana.userId}`, bob)).statusCode).toBe(403);
    const ownerLeaves = await call('DELETE', `${users}/${ana.userId}`, ana);
    expect(ownerLeaves.json().message).toBe('chat.errors.ownerCannotLeave');
    expect(
      (await call('PUT', `/api/conversations/${conversationId}`, cleo, { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/conversations/${conversationId}`, bob, { name: 'Renamed' })).json().name,
    ).toBe('Renamed');
    expect((await call('DELETE', `${users}/${dora.userId}`, bob)).statusCode).toBe(204);
    expect((await call('GET', `/api/conversations/${conversationId}`, dora)).statusCode).toBe(404);
    expect((await call('DELETE', `${users}/${cleo.userId}`, cleo)).statusCode).toBe(204);
    const list = (await call('GET', users, ana)).json();
    expect(list.map((p: { userId: string; role: string }) => [p.userId, p.role])).toEqual([
      [ana.userId, 'owner'],
      [bob.userId, 'admin'],
    ]);
    // Each participant carries what the viewer may do to them, as the policy decides (none on oneself).
    type Listed = { userId: string; abilities: object };
    expect(list.map((p: Listed) => p.abilities)).toEqual([
      { remove: false, changeRole: false, block: false },
      { remove: true, changeRole: true, block: true },
    ]);
    const asAdmin = (await call('GET', users, bob)).json() as Listed[];
    expect(asAdmin.map((p) => [p.userId, p.abilities])).toEqual([
      [bob.userId, { remove: false, changeRole: false, block: false }],
      [ana.userId, { remove: false, changeRole: false, block: true }],
    ]);
    // A 1to1 carries its two people with the same abilities: Block User is offered from them.
    const direct = (
      await call('POST', '/api/conversations', ana, { type: '1to1', users: [dora.userId] })
    ).json() as Conversation;
    expect(direct.participants.map((p) => p.abilities)).toEqual([
      { remove: false, changeRole: false, block: false },
      { remove: false, changeRole: false, block: true },
    ]);
    const history = (
      await call('GET', `/api/conversations/${conversationId}/messages`, ana)
    ).json() as ChatMessage[];
    expect(history.map((m) => m.message)).toEqual([
      'chat.system.left',
      'chat.system.removed',
      'chat.system.added',
      'chat.system.created',
    ]);
  });

  it('deletes a group for all (owner) and hides it for me otherwise, until a new message', async () => {
    const { conversationId } = await group(ana, [bob]);
    expect((await call('DELETE', `/api/conversations/${conversationId}`, bob)).statusCode).toBe(204);
    const ids = async (user: User) =>
      ((await call('GET', '/api/conversations?limit=100', user)).json() as Conversation[]).map(
        (c) => c.conversationId,
      );
    expect(await ids(bob)).not.toContain(conversationId);
    expect(await ids(ana)).toContain(conversationId);
    await send(ana, conversationId);
    expect(await ids(bob)).toContain(conversationId);
    expect((await call('DELETE', `/api/conversations/${conversationId}`, ana)).statusCode).toBe(204);
    expect(await ids(bob)).not.toContain(conversationId);
    expect((await call('GET', `/api/conversations/${conversationId}`, ana)).statusCode).toBe(404);
  });

  it('mutes per person', async () => {
    const { conversationId } = await group(ana, [bob]);
    const mute = `/api/conversations/${conversationId}/mute`;
    expect((await call('GET', mute, bob)).json()).toEqual({ muted: false });
    expect((await call('POST', mute, bob)).json()).toEqual({ muted: true });
    expect((await call('GET', mute, bob)).json()).toEqual({ muted: true });
    expect((await call('GET', mute, ana)).json()).toEqual({ muted: false });
    expect((await call('DELETE', mute, bob)).json()).toEqual({ muted: false });
  });

  it('searches conversations by group name and by the other person of a 1to1', async () => {
    const eve = await app.register({ name: 'Evelina Searchable' });
    const direct = (
      await call('POST', '/api/conversations', eve, { type: '1to1', users: [ana.userId] })
    ).json();
    const named = await group(eve, [], 'Zanzibar trip');
    const search = async (q: string) =>
      (
        (await call('GET', `/api/conversations?q=${encodeURIComponent(q)}`, eve)).json() as Conversation[]
      ).map((c) => c.conversationId);
    expect(await search('zanzi')).toEqual([named.conversationId]);
    expect(await search('ana ch')).toEqual([direct.conversationId]);
    expect(await search('100%_')).toEqual([]);
  });

  it('blocks: one fact, no 1to1 and no private message either way; groups stay readable but never notify', async () => {
    const fay = await app.register({ name: 'Fay Blocker' });
    const gus = await app.register({ name: 'Gus Blocked' });
    const direct = (
      await call('POST', '/api/conversations', fay, { type: '1to1', users: [gus.userId] })
    ).json();
    const team = await group(fay, [gus]);
    expect((await call('POST', `/api/users/${fay.userId}/block`, fay)).json().field).toBe('userId');
    expect((await call('POST', `/api/users/${gus.userId}/block`, fay)).statusCode).toBe(204);
    expect((await call('POST', `/api/users/${gus.userId}/block`, fay)).json().message).toBe(
      'chat.errors.alreadyBlocked',
    );
    expect((await call('GET', '/api/users/blocks', fay)).json()).toEqual([
      expect.objectContaining({ userId: gus.userId, isBlocked: true }),
    ]);
    const refused = await send(gus, direct.conversationId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('chat.errors.blockedPrivateMessages');
    expect((await send(fay, direct.conversationId)).statusCode).toBe(403);
    const restart = await call('POST', '/api/conversations', gus, { type: '1to1', users: [fay.userId] });
    expect(restart.json().message).toBe('chat.errors.cannotChatBlocked');
    const seen = (
      await call('GET', `/api/conversations/${direct.conversationId}`, fay)
    ).json() as Conversation;
    expect(seen.abilities.send).toBe(false);
    expect(seen.participants.find((p) => p.userId === gus.userId)?.isBlocked).toBe(true);
    await app.ctx.outbox.drain();
    // (Delivering a push to a made-up subscription removes it, so it is given after the drain.)
    await givePushDevices(app.database.db, [fay.userId]);
    const sent = await send(gus, team.conversationId, { message: 'in the group' });
    expect(sent.statusCode).toBe(200);
    const pushes = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'chatPush'));
    expect(pushes.filter((row) => row.payload.messageId === sent.json().messageId)).toEqual([]);
    const contacts = (await call('GET', '/api/users?q=chat', fay)).json();
    expect(contacts.at(-1)).toMatchObject({ isBlocked: false });
    const named = (await call('GET', '/api/users?q=gus%20blocked', fay)).json();
    expect(named).toEqual([expect.objectContaining({ userId: gus.userId, isBlocked: true })]);
    // Nor is someone one blocked added to another group (chat.blocks.test.ts has the rest).
    const later = await group(fay, [ana], 'Later');
    const added = await call('POST', `/api/conversations/${later.conversationId}/users`, fay, {
      users: [gus.userId],
    });
    expect(added.json()).toMatchObject({ statusCode: 403, message: 'chat.errors.cannotChatBlocked' });
    expect((await call('DELETE', `/api/users/${gus.userId}/block`, fay)).statusCode).toBe(204);
    expect((await send(gus, direct.conversationId)).statusCode).toBe(200);
  });

  it('queues a push for each participant who did not mute and is not the sender', async () => {
    const { conversationId } = await group(ana, [bob, cleo]);
    await call('POST', `/api/conversations/${conversationId}/mute`, cleo);
    await givePushDevices(app.database.db, [bob.userId, cleo.userId]);
    const sent = (await send(ana, conversationId)).json() as ChatMessage;
    const pushes = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'chatPush'));
    expect(
      pushes.filter((row) => row.payload.messageId === sent.messageId).map((row) => row.payload.recipientId),
    ).toEqual([bob.userId]);
  });

  it('answers 429 past the per-account limits on sending and on creating conversations', async () => {
    const spammer = await app.register({ name: 'Spam Chat' });
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) {
      statuses.push(
        (await call('POST', '/api/conversations', spammer, { type: 'group', name: `g${index}`, users: [] }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const { conversationId } = await group(ana, [spammer]);
    const sends: number[] = [];
    for (let index = 0; index < 61; index++) sends.push((await send(spammer, conversationId)).statusCode);
    expect(sends.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(sends[60]).toBe(429);
  });

  it('keeps positions unique per conversation in the database itself', async () => {
    const { conversationId } = await group(ana, [bob]);
    await expect(
      app.database.db
        .insert(messages)
        .values({ id: 'dup1', conversationId, seq: 1, type: 'message', message: 'x' }),
    ).rejects.toThrow();
  });
});
