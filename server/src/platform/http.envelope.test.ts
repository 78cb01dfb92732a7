import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('caching and the error envelope of framework errors', () => {
  let app: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    app = await createTestApp('pglite');
    const user = await app.register();
    token = user.loginToken;
    userId = user.userId;
  });
  afterAll(() => app.stop());

  it('marks every authenticated JSON answer Cache-Control: no-store', async () => {
    const protectedGets = app.routes.filter(
      (route) => route.method === 'GET' && !route.isPublic && !route.url.includes(':'),
    );
    const urls = [...protectedGets.map((route) => route.url), `/api/accounts/${userId}`];
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) {
      const response = await app.fastify.inject({ url, headers: { logintoken: token } });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await app.fastify.inject({ url: '/api/account' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  const envelope = (statusCode: number) => ({
    statusCode,
    code: 'VALIDATION',
    message: expect.any(String),
  });

  it('answers bad percent-encoding in the URL with the envelope', async () => {
    const response = await app.fastify.inject({
      url: '/api/events/%E0%A4%A',
      headers: { logintoken: token },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(envelope(400));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a too long path parameter with the envelope', async () => {
    const response = await app.fastify.inject({
      url: `/api/events/${'x'.repeat(300)}`,
      headers: { logintoken: token },
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual(envelope(414));
  });

  const login = (headers: Record<string, string>, payload: string) =>
    app.fastify.inject({ method: 'POST', url: '/api/auth/login', headers, payload });

  it('answers bad JSON, a wrong content type and a body too large with the envelope', async () => {
    const badJson = await login({ 'content-type': 'application/json' }, '{"email":');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual(envelope(400));

    const wrongType = await login({ 'content-type': 'text/xml' }, '<login/>');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual(envelope(415));

    const tooLarge = await login(
      { 'content-type': 'application/json' },
      JSON.stringify({ email: 'x'.repeat(100_000), password: 'x' }),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual(envelope(413));
  });
});
