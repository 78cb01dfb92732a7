import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { accounts, sessions } from '../../db/schema/index.ts';

describe.each(testDatabases())('login, account and logout on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.stop());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('answers the account with a new 256-bit token on every login, stored only hashed', async () => {
    const user = await app.register();
    const first = await login(user.email.toUpperCase(), user.password);
    const second = await login(user.email, user.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ userId: user.userId, email: user.email, name: user.name });
    const tokens = [user.loginToken, first.json().loginToken, second.json().loginToken];
    expect(new Set(tokens).size).toBe(3);
    const stored = await app.database.db.select().from(sessions).where(eq(sessions.accountId, user.userId));
    expect(stored).toHaveLength(3);
    for (const row of stored) expect(tokens).not.toContain(row.tokenHash);
  });

  it('answers 404 for an unknown e-mail and 403 for a wrong password, on the password field', async () => {
    const user = await app.register();
    const unknown = await login('nobody@example.com', 'whatever');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      statusCode: 404,
      code: 'EMAIL_NOT_FOUND',
      message: 'There is no account associated with this email address.',
      field: 'password',
    });
    const wrong = await login(user.email, 'not-the-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      statusCode: 403,
      code: 'WRONG_PASSWORD',
      message: 'The email and password combination you entered is not right.',
      field: 'password',
    });
  });

  it('answers 400 naming the field for a malformed login', async () => {
    const response = await login('not-an-email', 'x');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field: 'email' });
    const noPassword = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co' },
    });
    expect(noPassword.json()).toMatchObject({ code: 'VALIDATION', field: 'password' });
  });

  it('blocks an address after 10 wrong passwords for one account, with 429 and Retry-After', async () => {
    const user = await app.register();
    for (let i = 0; i < 10; i++) {
      const response = await login(user.email, 'wrong-password', '10.1.0.1');
      expect(response.statusCode).toBe(403);
    }
    const locked = await login(user.email, user.password, '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it('never locks the owner out: failures from another address only slow the account down', async () => {
    const user = await app.register();
    // The attack of issue 10: ten wrong passwords from the attacker's address.
    for (let i = 0; i < 10; i++)
      expect((await login(user.email, 'wrong-password', '10.1.1.7')).statusCode).toBe(403);
    expect((await login(user.email, user.password, '10.1.1.7')).statusCode).toBe(429);
    const started = Date.now();
    const owner = await login(user.email, user.password, '10.1.2.1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().userId).toBe(user.userId);
    // Ten failures on the account: its sign-ins wait accountSlowDownMs(10) = 0.5 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    // The owner's success clears the account's slow-down, not the attacker's block.
    expect((await login(user.email, user.password, '10.1.2.1')).statusCode).toBe(200);
    expect((await login(user.email, user.password, '10.1.1.7')).statusCode).toBe(429);
  });

  it('blocks an address after 30 failed logins across accounts, other addresses unaffected', async () => {
    const user = await app.register();
    for (let i = 0; i < 30; i++)
      expect((await login(`ghost${i}@example.com`, 'x', '10.2.0.9')).statusCode).toBe(404);
    expect((await login(user.email, user.password, '10.2.0.9')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.2.0.10')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless a proxy is trusted, so the IP lockout cannot be dodged', async () => {
    for (let i = 0; i < 30; i++) {
      const response = await app.fastify.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `spoof${i}@example.com`, password: 'x' },
        remoteAddress: '10.3.0.1',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      expect(response.statusCode).toBe(404);
    }
    const user = await app.register();
    const blocked = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.3.0.1',
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('accepts the token as loginToken header or Bearer, and 401s otherwise', async () => {
    const user = await app.register();
    const viaHeader = await app.fastify.inject({
      url: '/api/account',
      headers: { loginToken: user.loginToken },
    });
    const viaBearer = await app.fastify.inject({
      url: '/api/account',
      headers: { authorization: `Bearer ${user.loginToken}` },
    });
    expect(viaHeader.json().userId).toBe(user.userId);
    expect(viaBearer.json().userId).toBe(user.userId);
    expect(viaHeader.json().loginToken).toBeUndefined();
    for (const headers of [{}, { loginToken: 'x'.repeat(43) }, { authorization: 'Basic abc' }]) {
      const response = await app.fastify.inject({ url: '/api/account', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('refuses the token of a deleted account', async () => {
    const user = await app.register();
    await app.database.db.update(accounts).set({ status: 'deleted' }).where(eq(accounts.id, user.userId));
    const response = await app.fastify.inject({
      url: '/api/account',
      headers: { loginToken: user.loginToken },
    });
    expect(response.statusCode).toBe(401);
  });

  it('logout revokes only that token on the server', async () => {
    const user = await app.register();
    const other = (await login(user.email, user.password)).json().loginToken as string;
    const out = await app.fastify.inject({
      url: '/api/auth/logout',
      headers: { loginToken: user.loginToken },
    });
    expect(out.statusCode).toBe(204);
    expect(
      (await app.fastify.inject({ url: '/api/account', headers: { loginToken: user.loginToken } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await app.fastify.inject({ url: '/api/auth/logout', headers: { loginToken: user.loginToken } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await app.fastify.inject({ url: '/api/account', headers: { loginToken: other } })).statusCode,
    ).toBe(200);
  });
});
