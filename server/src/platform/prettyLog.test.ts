import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from './logger.ts';
import { createPrettyDestination, resolveLogFormat } from './prettyLog.ts';

describe('the pretty log (LOG_FORMAT=pretty, or a terminal)', () => {
  let app: TestApp;
  let output = '';
  beforeAll(async () => {
    const destination = createPrettyDestination((text) => {
      output += text;
    });
    app = await createTestApp('pglite', { build: { logger: createLogger('info', destination) } });
  });
  afterAll(() => app.stop());

  it('writes one readable line per request, with method, path, status and duration', async () => {
    output = '';
    const health = await app.fastify.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const missing = await app.fastify.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/health 200 \d+ms$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/nothing-here 404 \d+ms$/);
    expect(output).not.toContain('{');
  });

  it('keeps other messages as "time LEVEL message key=value" and hides secrets in urls', async () => {
    output = '';
    app.fastify.log.warn({ file: '/data/mail/1.eml' }, 'mail written to the data dir');
    await app.fastify.inject({ url: '/api/account/confirmEmail?token=very-secret' });
    expect(output).toMatch(/^\d\d:\d\d:\d\d WARN mail written to the data dir file=\/data\/mail\/1\.eml$/m);
    expect(output).toContain('/api/account/confirmEmail?token=[Redacted]');
    expect(output).not.toContain('very-secret');
  });
});

describe('the log format', () => {
  it('is pretty on a terminal and JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' })).toThrow(/LOG_FORMAT/);
  });
});
