import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { contentSecurityPolicy } from '../../app.ts';
import { loadConfig } from '../../config.ts';

const key = 'k'.repeat(32);

describe('EMBED_ALLOWED_ORIGINS and EMBED_HOST_KEYS', () => {
  it('are off by default', () => {
    expect(loadConfig({}).embed).toEqual({ allowedOrigins: [], hostKeys: [], codeTtlMs: 60_000 });
  });

  it('read exact origins and each host key bound to its origin', () => {
    const embed = loadConfig({
      EMBED_ALLOWED_ORIGINS: ' https://intranet.example.org , http://127.0.0.1:4100',
      EMBED_HOST_KEYS: `https://intranet.example.org=${key},http://127.0.0.1:4100=${'p'.repeat(40)}`,
      EMBED_CODE_TTL_SECONDS: '30',
    }).embed;
    expect(embed).toEqual({
      allowedOrigins: ['https://intranet.example.org', 'http://127.0.0.1:4100'],
      hostKeys: [
        { origin: 'https://intranet.example.org', key },
        { origin: 'http://127.0.0.1:4100', key: 'p'.repeat(40) },
      ],
      codeTtlMs: 30_000,
    });
  });

  it.each([
    [{ EMBED_ALLOWED_ORIGINS: 'intranet.example.org' }, 'EMBED_ALLOWED_ORIGINS'],
    [{ EMBED_ALLOWED_ORIGINS: 'https://intranet.example.org/' }, 'EMBED_ALLOWED_ORIGINS'],
    [{ EMBED_ALLOWED_ORIGINS: 'https://intranet.example.org/app' }, 'EMBED_ALLOWED_ORIGINS'],
    [{ EMBED_ALLOWED_ORIGINS: 'https://INTRANET.example.org' }, 'EMBED_ALLOWED_ORIGINS'],
    [{ EMBED_ALLOWED_ORIGINS: '*' }, 'EMBED_ALLOWED_ORIGINS'],
    [{ EMBED_ALLOWED_ORIGINS: "https://a.example.org';script-src *" }, 'EMBED_ALLOWED_ORIGINS'],
    [{ EMBED_HOST_KEYS: `https://intranet.example.org=${key}` }, 'EMBED_HOST_KEYS'],
    [
      { EMBED_ALLOWED_ORIGINS: 'https://a.example.org', EMBED_HOST_KEYS: 'https://a.example.org=short' },
      'EMBED_HOST_KEYS',
    ],
    [{ EMBED_ALLOWED_ORIGINS: 'https://a.example.org', EMBED_HOST_KEYS: key }, 'EMBED_HOST_KEYS'],
    [
      {
        EMBED_ALLOWED_ORIGINS: 'https://a.example.org,https://b.example.org',
        EMBED_HOST_KEYS: `https://a.example.org=${key},https://b.example.org=${key}`,
      },
      'EMBED_HOST_KEYS',
    ],
    [{ EMBED_CODE_TTL_SECONDS: '61' }, 'EMBED_CODE_TTL_SECONDS'],
  ])('refuses %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('framing (CSP frame-ancestors)', () => {
  it("is 'none' with no host configured, and the configured hosts with 'self' otherwise", () => {
    expect(contentSecurityPolicy(loadConfig({})).frameAncestors).toEqual(["'none'"]);
    const on = loadConfig({ EMBED_ALLOWED_ORIGINS: 'https://intranet.example.org,http://127.0.0.1:4100' });
    expect(contentSecurityPolicy(on).frameAncestors).toEqual([
      "'self'",
      'https://intranet.example.org',
      'http://127.0.0.1:4100',
    ]);
    // Nothing else loosens.
    const { frameAncestors: _off, ...restOff } = contentSecurityPolicy(loadConfig({}));
    const { frameAncestors: _on, ...restOn } = contentSecurityPolicy(on);
    expect(restOn).toEqual(restOff);
  });

  it.each([
    ['off', {}, "frame-ancestors 'none'", 'SAMEORIGIN'],
    [
      'on',
      { EMBED_ALLOWED_ORIGINS: 'https://intranet.example.org' },
      "frame-ancestors 'self' https://intranet.example.org",
      undefined,
    ],
  ])('sends headers that agree when embedding is %s', async (_label, env, ancestors, xFrameOptions) => {
    const app = await createTestApp('pglite', { env });
    try {
      const response = await app.fastify.inject({ url: '/api/health' });
      expect(response.headers['content-security-policy']).toContain(ancestors);
      expect(response.headers['x-frame-options']).toBe(xFrameOptions);
    } finally {
      await app.stop();
    }
  });
});
