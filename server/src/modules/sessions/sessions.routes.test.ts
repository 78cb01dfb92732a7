import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../platform/ids.ts';
import { findViewerByToken } from '../../platform/sessions.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

const laptop =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const phone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const dayMs = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('sessions: lifetime, list, sign out on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.stop());

  const login = async (user: User, userAgent: string) => {
    const response = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
    });
    expect(response.statusCode).toBe(200);
    return response.json().loginToken as string;
  };
  const call = testCaller(() => app);
  const account = (token: string) => call('GET', '/api/account', token);
  const sessionOf = async (token: string) => {
    const [row] = await app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    if (!row) throw new Error('no session');
    return row;
  };
  /** Moves a session's clock back instead of waiting: its sign-in and last use happened earlier. */
  const age = (token: string, times: { createdAt?: Date; lastUsedAt?: Date }) =>
    app.database.db
      .update(sessions)
      .set(times)
      .where(eq(sessions.tokenHash, hashToken(token)));

  it('ends a session unused for 30 days (idle) and one signed in 90 days ago (absolute)', async () => {
    const user = await app.register();
    const idle = await login(user, laptop);
    const old = await login(user, phone);
    const fresh = await login(user, phone);
    await age(idle, { lastUsedAt: new Date(Date.now() - 30 * dayMs - 60_000) });
    await age(old, { createdAt: new Date(Date.now() - 90 * dayMs - 60_000), lastUsedAt: new Date() });
    await age(fresh, {
      createdAt: new Date(Date.now() - 89 * dayMs),
      lastUsedAt: new Date(Date.now() - 29 * dayMs),
    });
    expect((await account(idle)).statusCode).toBe(401);
    expect((await account(old)).statusCode).toBe(401);
    expect((await account(fresh)).statusCode).toBe(200);
  });

  it('obeys SESSION_IDLE_DAYS and SESSION_MAX_DAYS', async () => {
    const custom = await createTestApp(kind, { env: { SESSION_IDLE_DAYS: '1', SESSION_MAX_DAYS: '2' } });
    try {
      const user = await custom.register();
      const token = user.loginToken;
      const set = (times: { createdAt?: Date; lastUsedAt?: Date }) =>
        custom.database.db
          .update(sessions)
          .set(times)
          .where(eq(sessions.tokenHash, hashToken(token)));
      const get = () =>
        custom.fastify.inject({ method: 'GET', url: '/api/account', headers: { loginToken: token } });
      await set({ lastUsedAt: new Date(Date.now() - 0.9 * dayMs) });
      expect((await get()).statusCode).toBe(200);
      await set({ createdAt: new Date(Date.now() - 2.1 * dayMs) });
      expect((await get()).statusCode).toBe(401);
    } finally {
      await custom.stop();
    }
  });

  it('records the last use at most once a minute, not on every request', async () => {
    const user = await app.register();
    const token = await login(user, laptop);
    const recent = new Date(Date.now() - 30_000);
    await age(token, { lastUsedAt: recent });
    expect((await account(token)).statusCode).toBe(200);
    expect((await sessionOf(token)).lastUsedAt.getTime()).toBe(recent.getTime());
    const earlier = new Date(Date.now() - 5 * 60_000);
    await age(token, { lastUsedAt: earlier });
    const before = Date.now();
    expect((await account(token)).statusCode).toBe(200);
    expect((await sessionOf(token)).lastUsedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('resolves a token to its account without the password hash, and whether it has one', async () => {
    const user = await app.register();
    const viewer = await findViewerByToken(app.database.db, user.loginToken, app.ctx.config.sessionLifetime);
    expect(viewer).toMatchObject({ account: { id: user.userId, email: user.email, hasPassword: true } });
    expect(viewer?.account).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(viewer)).not.toContain('scrypt$');
  });

  it('lists one’s live sessions, this device first, with the User-Agent and last use', async () => {
    const user = await app.register();
    const onLaptop = await login(user, laptop);
    const onPhone = await login(user, phone);
    await age(user.loginToken, { lastUsedAt: new Date(Date.now() - 31 * dayMs) });
    const listed = await call('GET', '/api/sessions', onPhone);
    expect(listed.statusCode).toBe(200);
    const { sessions: rows } = listed.json();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      sessionId: (await sessionOf(onPhone)).id,
      userAgent: phone,
      isCurrent: true,
    });
    expect(rows[1]).toMatchObject({
      sessionId: (await sessionOf(onLaptop)).id,
      userAgent: laptop,
      isCurrent: false,
    });
    expect(Date.parse(rows[1].lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Nobody sees another account's sessions.
    const stranger = await app.register();
    const theirs = (await call('GET', '/api/sessions', stranger.loginToken)).json().sessions;
    expect(theirs.map((row: { sessionId: string }) => row.sessionId)).toEqual([
      (await sessionOf(stranger.loginToken)).id,
    ]);
  });

  it('signs out one session, only one’s own', async () => {
    const user = await app.register();
    const onLaptop = await login(user, laptop);
    const laptopId = (await sessionOf(onLaptop)).id;
    const stranger = await app.register();
    expect((await call('DELETE', `/api/sessions/${laptopId}`, stranger.loginToken)).statusCode).toBe(404);
    expect((await account(onLaptop)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/sessions/${laptopId}`, user.loginToken)).statusCode).toBe(204);
    expect((await account(onLaptop)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/sessions/${laptopId}`, user.loginToken)).statusCode).toBe(404);
    expect((await account(user.loginToken)).statusCode).toBe(200);
  });

  it('signs out every other session and keeps this one', async () => {
    const user = await app.register();
    const onLaptop = await login(user, laptop);
    const onPhone = await login(user, phone);
    const stranger = await app.register();
    const missing = await call('DELETE', '/api/sessions', onPhone);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', field: 'others' });
    expect((await account(onLaptop)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/sessions?others=true', onPhone)).statusCode).toBe(204);
    expect((await account(onLaptop)).statusCode).toBe(401);
    expect((await account(user.loginToken)).statusCode).toBe(401);
    expect((await account(onPhone)).statusCode).toBe(200);
    expect((await account(stranger.loginToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/sessions', onPhone)).json().sessions).toHaveLength(1);
  });

  it('a password change ends every other session', async () => {
    const user = await app.register({ confirmed: true });
    const onLaptop = await login(user, laptop);
    const changed = await call('POST', '/api/account/changepassword', user.loginToken, {
      oldPassword: user.password,
      newPassword: 'another-secret',
    });
    expect(changed.statusCode).toBe(204);
    expect((await account(onLaptop)).statusCode).toBe(401);
    expect((await account(user.loginToken)).statusCode).toBe(200);
  });
});
