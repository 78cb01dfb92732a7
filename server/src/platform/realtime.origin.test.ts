import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createLogger } from './logger.ts';
import { installProcessGuard } from './processGuard.ts';
import { isAllowedSocketOrigin } from './realtime.ts';

/** A raw GET with exactly the given headers (fetch would normalise or refuse some). */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('socket origin check (a remote crash found by a probe)', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp('pglite');
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    port = (app.fastify.server.address() as AddressInfo).port;
  });
  afterAll(() => app.stop());

  it('refuses Origin: null and garbage origins on the polling handshake and keeps serving', async () => {
    const origins = [
      'null',
      'garbage',
      'http://',
      '://x',
      'file://',
      'http://[::1',
      'javascript:alert(1)',
      '%',
    ];
    for (const origin of origins) {
      const status = await rawGet(port, '/socket.io/?EIO=4&transport=polling', { origin });
      expect(status, origin).toBe(403);
    }
    expect(await rawGet(port, '/api/health', {})).toBe(200);
    // The app's own origin still opens a polling session.
    expect(
      await rawGet(port, '/socket.io/?EIO=4&transport=polling', { origin: 'http://127.0.0.1:3000' }),
    ).toBe(200);
  });

  it('allows only the public origin or a same-host http(s) origin', () => {
    const pub = 'https://convene.example';
    expect(isAllowedSocketOrigin(pub, 'other:1', pub)).toBe(true);
    expect(isAllowedSocketOrigin('http://host:8080', 'host:8080', pub)).toBe(true);
    expect(isAllowedSocketOrigin('http://evil.example', 'host:8080', pub)).toBe(false);
    expect(isAllowedSocketOrigin('null', 'host:8080', pub)).toBe(false);
    expect(isAllowedSocketOrigin('ftp://host:8080', 'host:8080', pub)).toBe(false);
    expect(isAllowedSocketOrigin('http://host:8080', undefined, pub)).toBe(false);
  });
});

describe('process guard', () => {
  it('logs an uncaught exception or rejection without its token and keeps the process', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const emitter = new EventEmitter();
    const target = emitter as unknown as NodeJS.Process;
    const remove = installProcessGuard(createLogger('info', sink), target);
    const error = Object.assign(new Error('boom'), { loginToken: 'tok-SECRET-123' });
    emitter.emit('uncaughtException', error);
    emitter.emit('unhandledRejection', Object.assign(new Error('later'), { token: 'tok-SECRET-456' }));
    remove();
    expect(emitter.listenerCount('uncaughtException')).toBe(0);
    const log = lines.join('');
    expect(log).toContain('uncaught exception; still serving');
    expect(log).toContain('unhandled rejection; still serving');
    expect(log).not.toContain('tok-SECRET');
  });
});
