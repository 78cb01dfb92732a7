import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';
import { hashToken } from '../../platform/ids.ts';
import { createLogger } from '../../platform/logger.ts';

const intranet = 'https://intranet.example.org';
const portal = 'http://127.0.0.1:4999';
const intranetKey = 'intranet-key-0123456789abcdefghijklmnop';
const portalKey = 'portal-key-0123456789abcdefghijklmnopqrs';
const embedEnv = {
  EMBED_ALLOWED_ORIGINS: `${intranet},${portal}`,
  EMBED_HOST_KEYS: `${intranet}=${intranetKey},${portal}=${portalKey}`,
};

describe.each(testDatabases())('embedding sign-in codes on %s', (kind) => {
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    app = await createTestApp(kind, {
      env: embedEnv,
      build: { logger: createLogger('trace', sink) },
    });
  });
  afterAll(() => app.stop());

  const mint = (userId: unknown, key: string | null = intranetKey) =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/embed/codes',
      payload: { userId },
      headers: key === null ? {} : { authorization: `Bearer ${key}` },
    });
  const exchange = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.fastify.inject({
      method: 'POST',
      url: `/api/embed/session?loginToken=${String(body.code)}&userId=${String(body.userId)}`,
      payload: body,
      headers: { 'sec-fetch-site': 'same-origin', ...headers },
    });

  it('mints a code with a host key that signs that user in once, from that host only', async () => {
    const user = await app.register();
    const minted = await mint(user.userId);
    expect(minted.statusCode).toBe(200);
    const { code, expiresAt } = minted.json() as { code: string; expiresAt: string };
    const lifetime = Date.parse(expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);

    // Stored as its SHA-256 only, bound to the user and the host's origin.
    const [row] = await app.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, hashToken(code)));
    expect(row).toMatchObject({ accountId: user.userId, purpose: `embed:${intranet}`, usedAt: null });
    const everything = JSON.stringify(await app.database.db.select().from(oneTimeCodes));
    expect(everything).not.toContain(code);

    const session = await exchange({ code, userId: user.userId, hostOrigin: intranet });
    expect(session.statusCode).toBe(200);
    const account = session.json() as { userId: string; loginToken: string };
    expect(account.userId).toBe(user.userId);
    expect(account.loginToken).not.toBe(user.loginToken);
    const me = await app.fastify.inject({ url: '/api/account', headers: { loginToken: account.loginToken } });
    expect(me.json().userId).toBe(user.userId);

    const again = await exchange({ code, userId: user.userId, hostOrigin: intranet });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'EMBED_CODE_INVALID', field: 'loginToken' });
  });

  it('refuses a code for another user or from another host, and spends it', async () => {
    const user = await app.register();
    const other = await app.register();

    const forUser = (await mint(user.userId)).json().code as string;
    const wrongUser = await exchange({ code: forUser, userId: other.userId, hostOrigin: intranet });
    expect(wrongUser.statusCode).toBe(403);
    expect(wrongUser.json()).toMatchObject({ code: 'EMBED_WRONG_USER', field: 'userId' });
    const retried = await exchange({ code: forUser, userId: user.userId, hostOrigin: intranet });
    expect(retried.json().code).toBe('EMBED_CODE_INVALID');

    const elsewhere = (await mint(user.userId)).json().code as string;
    const wrongHost = await exchange({ code: elsewhere, userId: user.userId, hostOrigin: portal });
    expect(wrongHost.statusCode).toBe(403);
    expect(wrongHost.json()).toMatchObject({ code: 'EMBED_WRONG_ORIGIN', field: 'hostOrigin' });

    // Sent by another site's page rather than the framed app itself.
    const crossSite = (await mint(user.userId)).json().code as string;
    const fromOtherSite = await exchange(
      { code: crossSite, userId: user.userId, hostOrigin: intranet },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fromOtherSite.json().code).toBe('EMBED_WRONG_ORIGIN');

    // Each key mints for its own origin only.
    const portalCode = (await mint(user.userId, portalKey)).json().code as string;
    expect(
      (await exchange({ code: portalCode, userId: user.userId, hostOrigin: intranet })).json().code,
    ).toBe('EMBED_WRONG_ORIGIN');
    const portalCode2 = (await mint(user.userId, portalKey)).json().code as string;
    expect((await exchange({ code: portalCode2, userId: user.userId, hostOrigin: portal })).statusCode).toBe(
      200,
    );
  });

  it('accepts no long-lived login token or classic login code in place of a code', async () => {
    const user = await app.register();
    const asCode = await exchange({ code: user.loginToken, userId: user.userId, hostOrigin: intranet });
    expect(asCode.json().code).toBe('EMBED_CODE_INVALID');
    const loginCode = (
      await app.fastify.inject({
        method: 'POST',
        url: '/api/auth/loginCode',
        headers: { loginToken: user.loginToken },
      })
    ).json().code as string;
    expect(loginCode).toBeTruthy();
    const asEmbed = await exchange({ code: loginCode, userId: user.userId, hostOrigin: intranet });
    expect(asEmbed.json().code).toBe('EMBED_CODE_INVALID');
  });

  it('answers 401 without a valid host key and 400 naming userId for an unknown user', async () => {
    const user = await app.register();
    for (const key of [null, 'wrong-key-0123456789abcdefghijklmnopq', `${intranetKey}x`, '']) {
      const refused = await mint(user.userId, key);
      expect(refused.statusCode, String(key)).toBe(401);
      expect(refused.json().code).toBe('UNAUTHENTICATED');
    }
    // A bad key is 401 even with a bad body.
    expect((await mint(42, 'nope')).statusCode).toBe(401);
    const unknown = await mint('no-such-user');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION', field: 'userId' });
    const malformed = await mint({ id: 1 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('userId');
    const badExchange = await exchange({ code: 'x', userId: user.userId });
    expect(badExchange.statusCode).toBe(400);
    expect(badExchange.json().field).toBe('hostOrigin');
  });

  it('tells the browser which hosts it may talk to', async () => {
    const config = (await app.fastify.inject({ url: '/api/config' })).json();
    expect(config.embedOrigins).toEqual([intranet, portal]);
  });

  it('never logs a code, a host key or a session token', async () => {
    const user = await app.register();
    const { code } = (await mint(user.userId)).json() as { code: string };
    const account = (await exchange({ code, userId: user.userId, hostOrigin: intranet })).json();
    // The frame's own page load carries the code in its query too.
    await app.fastify.inject({ url: `/calendars?loginToken=${code}&userId=${user.userId}` });
    const logged = lines.join('');
    expect(logged).toContain('/api/embed/session');
    expect(logged).toContain('loginToken=[Redacted]');
    for (const secret of [code, intranetKey, account.loginToken]) expect(logged).not.toContain(secret);
  });
});

describe.each(testDatabases())('embedding sign-in code expiry on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { ...embedEnv, EMBED_CODE_TTL_SECONDS: '1' } });
  });
  afterAll(() => app.stop());

  it('refuses a code once its lifetime has passed', async () => {
    const user = await app.register();
    const minted = await app.fastify.inject({
      method: 'POST',
      url: '/api/embed/codes',
      payload: { userId: user.userId },
      headers: { authorization: `Bearer ${intranetKey}` },
    });
    const { code, expiresAt } = minted.json() as { code: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(1000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const late = await app.fastify.inject({
      method: 'POST',
      url: '/api/embed/session',
      payload: { code, userId: user.userId, hostOrigin: intranet },
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('EMBED_CODE_INVALID');
  });
});

describe('embedding configuration', () => {
  it('is off when no host is configured: no host key mints a code', async () => {
    const app = await createTestApp('pglite');
    try {
      const user = await app.register();
      const refused = await app.fastify.inject({
        method: 'POST',
        url: '/api/embed/codes',
        payload: { userId: user.userId },
        headers: { authorization: `Bearer ${intranetKey}` },
      });
      expect(refused.statusCode).toBe(401);
      expect((await app.fastify.inject({ url: '/api/config' })).json().embedOrigins).toEqual([]);
    } finally {
      await app.stop();
    }
  });
});
