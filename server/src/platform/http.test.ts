import fs from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness.ts';

describe.each(testDatabases())('HTTP platform on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.stop());

  it('answers unknown API routes with 404 JSON, signed in or not', async () => {
    const user = await app.register();
    for (const headers of [{}, { loginToken: user.loginToken }]) {
      const response = await app.fastify.inject({ url: '/api/does-not-exist?x=1', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'No route GET /api/does-not-exist',
      });
    }
  });

  it('requires sign-in on every API route not marked public (authorisation matrix)', async () => {
    const protectedRoutes = app.routes.filter((route) => !route.isPublic);
    expect(protectedRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/account', 'GET /api/auth/logout', 'POST /api/auth/loginCode']),
    );
    for (const route of protectedRoutes) {
      const response = await app.fastify.inject({
        method: route.method as 'GET',
        url: route.url,
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
    const publicRoutes = app.routes
      .filter((route) => route.isPublic)
      .map((route) => `${route.method} ${route.url}`);
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/account/confirmEmail',
        'GET /api/captcha/challenge',
        'GET /api/config',
        'GET /api/health',
        'GET /api/openapi.json',
        'GET /api/account/resetPassword/check',
        'POST /api/account/resetPassword',
        'POST /api/account/resetPassword/confirm',
        'POST /api/auth/autoLogin',
        'POST /api/auth/login',
        'POST /api/auth/register',
        'POST /api/embed/codes',
        'POST /api/embed/session',
        'POST /api/media/upload',
        'PUT /api/s3/upload',
        // The media plane's signalling: authorised by the streams token (Bearer), not the session.
        'DELETE /api/streams/media/sessions/:sessionId',
        'POST /api/streams/media/:room/streams/:streamId/publish',
        'POST /api/streams/media/:room/streams/:streamId/watch',
      ].sort(),
    );
  });

  it('never answers 500 to malformed client input', async () => {
    const attempts: InjectOptions[] = [
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '[1,2',
      },
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
      { method: 'POST', url: '/api/auth/login', payload: { email: ['a'], password: { x: 1 } } },
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.co', password: 'x'.repeat(2_000_000) },
      },
      { method: 'POST', url: '/api/auth/autoLogin', payload: { code: 42 } },
      { method: 'GET', url: `/api/account/confirmEmail?token=${'a'.repeat(500)}` },
    ];
    for (const attempt of attempts) {
      const response = await app.fastify.inject(attempt);
      expect(response.statusCode, String(attempt.url)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, String(attempt.url)).toBeLessThan(500);
      expect(response.json()).toHaveProperty('code');
    }
    const mangledLink = await app.fastify.inject({ url: '/api/account/confirmEmail?token=%E0%A4%A' });
    expect(mangledLink.statusCode).toBe(302);
    expect(mangledLink.headers.location).toBe('/login?emailConfirmed=0');
  });

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const response = await app.fastify.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const login = document.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(document.paths)).toContain('/api/auth/register');
  });

  it('reports health and sends a strict Content-Security-Policy', async () => {
    const response = await app.fastify.inject({ url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: kind === 'postgres' ? 'postgres' : 'pglite' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("img-src 'self' data: blob: https: https://tile.openstreetmap.org");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('serving the built web app', () => {
  let app: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'convene-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Convene</title>');
    await fs.writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    await fs.mkdir(path.join(webDist, 'prerendered'));
    for (const language of ['en', 'ro'])
      await fs.writeFile(
        path.join(webDist, 'prerendered', `login.${language}.html`),
        `<title>login ${language}</title>`,
      );
    app = await createTestApp('pglite', { env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await app.stop();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('answers client routes with index.html and caches hashed assets for good', async () => {
    for (const url of ['/', '/calendars/abc/events', '/register', '/login/more', '/some/unknown/page']) {
      const response = await app.fastify.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Convene</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const asset = await app.fastify.inject({ url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.fastify.inject({ url: '/api/nope' })).statusCode).toBe(404);
    expect((await app.fastify.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });

  it('answers /login with the prerendered sign-in page in the language the browser asks for', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'en'],
      ['ro-RO,ro;q=0.9,en;q=0.8', 'ro'],
      ['en-GB,en;q=0.9,ro;q=0.5', 'en'],
      ['fr-FR,fr;q=0.9,ro;q=0.7', 'ro'],
      ['de, *;q=0.1', 'en'],
      [`ro;q=oops,${'x'.repeat(5000)}`, 'en'],
    ];
    for (const [acceptLanguage, language] of cases) {
      for (const url of ['/login', '/login?next=1']) {
        const response = await app.fastify.inject({
          url,
          headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
        });
        expect(response.statusCode, `${url} ${acceptLanguage}`).toBe(200);
        expect(response.body, `${url} ${acceptLanguage}`).toBe(`<title>login ${language}</title>`);
        expect(response.headers.vary).toContain('accept-language');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    }
    const head = await app.fastify.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
  });
});
