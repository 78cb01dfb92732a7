import type { ChatParticipant, Conversation } from '@convene/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe.each(testDatabases())('inviting to chat by e-mail on %s', (kind) => {
  let app: TestApp;
  let ana: User;
  let bob: User;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { INVITATION_HOURLY_LIMIT: '4' } });
    ana = await app.register({ name: 'Ana Inviter', confirmed: true });
    bob = await app.register({ name: 'Bob Known', confirmed: true });
  });
  afterAll(() => app.stop());
  const call = testCaller(() => app);
  const invite = (user: User, email: string) =>
    call('GET', `/api/users/invitations?email=${encodeURIComponent(email)}`, user);

  it('keeps places for an address until its owner registers, then they take part', async () => {
    const address = `newcomer.${Date.now()}@example.com`;
    const first = await invite(ana, address.toUpperCase());
    expect(first.statusCode).toBe(200);
    const invitationId = first.json().userId as string;
    expect(first.json()).toEqual({ userId: invitationId, linkedEntity: { email: address } });
    expect((await invite(ana, address)).json().userId).toBe(invitationId);
    const mails = (await app.mails()).filter((mail) => mail.includes(`To: ${address}`));
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain('Ana Inviter');
    expect((await invite(ana, bob.email)).json()).toEqual({
      userId: bob.userId,
      linkedEntity: { email: bob.email },
    });
    expect((await invite(ana, ana.email)).json()).toMatchObject({ statusCode: 400, field: 'email' });

    const team = (
      await call('POST', '/api/conversations', ana, {
        type: 'group',
        name: 'Welcome',
        users: [bob.userId, invitationId],
      })
    ).json() as Conversation;
    const direct = (
      await call('POST', '/api/conversations', ana, { type: '1to1', users: [invitationId] })
    ).json();
    const people = (
      await call('GET', `/api/conversations/${team.conversationId}/users`, bob)
    ).json() as ChatParticipant[];
    expect(people.map((p) => [p.userId, p.status, p.name])).toEqual([
      [bob.userId, 'active', 'Bob Known'],
      [ana.userId, 'active', 'Ana Inviter'],
      [null, 'pending', address],
    ]);

    // Registering alone claims nothing (anyone can register with an address); proving it does,
    // in that transaction: the conversation answers at once, before any list.
    const newcomer = await app.register({ name: 'Nina Newcomer', email: address });
    expect((await call('GET', `/api/conversations/${team.conversationId}`, newcomer)).statusCode).toBe(404);
    await app.confirmEmail(address);
    expect((await call('GET', `/api/conversations/${team.conversationId}`, newcomer)).statusCode).toBe(200);
    const opened = await call('GET', `/api/conversations/${direct.conversationId}`, newcomer);
    expect(opened.statusCode).toBe(200);
    expect((opened.json() as Conversation).participants.map((p) => p.userId).sort()).toEqual(
      [ana.userId, newcomer.userId].sort(),
    );
    const mine = (await call('GET', '/api/conversations', newcomer)).json() as Conversation[];
    const ids = mine.map((c) => c.conversationId);
    expect(ids).toContain(team.conversationId);
    expect(ids).toContain(direct.conversationId);
    const after = (
      await call('GET', `/api/conversations/${team.conversationId}/users`, ana)
    ).json() as ChatParticipant[];
    expect(after.map((p) => [p.userId, p.status])).toContainEqual([newcomer.userId, 'active']);
    expect(after.some((p) => p.status === 'pending')).toBe(false);
    // The 1to1 started with the address is now the pair's one 1to1.
    const again = await call('POST', '/api/conversations', newcomer, { type: '1to1', users: [ana.userId] });
    expect(again.json().conversationId).toBe(direct.conversationId);
    expect(
      (
        await call('POST', `/api/conversations/${direct.conversationId}/messages`, newcomer, {
          message: 'Hi!',
          clientKey: 'n1',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('counts invitations against the hourly limit (429)', async () => {
    const carl = await app.register({ name: 'Carl Inviter', confirmed: true });
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++)
      statuses.push((await invite(carl, `limit${index}.${Date.now()}@example.com`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('answers 404 for an id that is neither a person nor an invitation', async () => {
    const response = await call('POST', '/api/conversations', ana, {
      type: 'group',
      name: 'Nope',
      users: ['not-an-id'],
    });
    expect(response.statusCode).toBe(404);
  });
});
