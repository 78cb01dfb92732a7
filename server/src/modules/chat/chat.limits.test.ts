import { chatLimits } from '@convene/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { chatInvitations } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

/** What keeps the chat from being used to mail strangers or to sweep the directory. */
describe.each(testDatabases())('chat limits on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.stop());
  const call = testCaller(() => app);
  const invite = (user: User, email: string) =>
    call('GET', `/api/users/invitations?email=${encodeURIComponent(email)}`, user);
  const mailsTo = async (address: string) =>
    (await app.mails()).filter((mail) => mail.includes(`To: ${address}`));

  it('mails no invitation from an unconfirmed account, keeps nothing, and still finds confirmed people', async () => {
    const newcomer = await app.register({ name: 'Unconfirmed Inviter' });
    const known = await app.register({ name: 'Known Person', confirmed: true });
    const stranger = `stranger.${Date.now()}@example.com`;
    const refused = await invite(newcomer, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'chat.errors.confirmToInvite', field: 'email' });
    expect(await mailsTo(stranger)).toEqual([]);
    expect(
      await app.database.db.select().from(chatInvitations).where(eq(chatInvitations.email, stranger)),
    ).toEqual([]);
    // A confirmed person's address names them, and mails no one.
    expect((await invite(newcomer, known.email)).json()).toEqual({
      userId: known.userId,
      linkedEntity: { email: known.email },
    });
    // Once the inviter proved their own address, the invitation goes out.
    await app.confirmEmail(newcomer.email);
    expect((await invite(newcomer, stranger)).statusCode).toBe(200);
    expect(await mailsTo(stranger)).toHaveLength(1);
  });

  it('answers 429 past the per-account limit on contact searches, for that account only', async () => {
    const [sweeper, other] = [await app.register({ name: 'Sweeper' }), await app.register({ name: 'Other' })];
    const statuses: number[] = [];
    for (let index = 0; index <= chatLimits.contactSearchesPerMinute; index++)
      statuses.push((await call('GET', `/api/users?q=name${index}`, sweeper)).statusCode);
    expect(statuses.slice(0, chatLimits.contactSearchesPerMinute).every((status) => status === 200)).toBe(
      true,
    );
    expect(statuses.at(-1)).toBe(429);
    expect((await call('GET', '/api/users?q=name', other)).statusCode).toBe(200);
  });
});
