import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { outbox, pushDevices } from '../../db/schema/index.ts';
import { notify } from './notifications.service.ts';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** RFC 8291 / RFC 8188 aes128gcm decryption, as a browser's push service client does it. */
function decryptPush(body: Buffer, receiver: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, receiver.auth, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

describe('Web Push delivery to a push service on loopback', () => {
  let app: TestApp;
  let server: https.Server;
  let baseUrl: string;
  let certDir: string;
  const received: Received[] = [];
  let answerStatus = 201;

  beforeAll(async () => {
    certDir = await fs.mkdtemp(path.join(os.tmpdir(), 'convene-push-'));
    const key = path.join(certDir, 'key.pem');
    const cert = path.join(certDir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const pem = { key: await fs.readFile(key), cert: await fs.readFile(cert) };
    server = https.createServer(pem, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(answerStatus).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The deliberate escape hatch: this push service is on loopback, which production refuses.
    app = await createTestApp('pglite', {
      env: { PUSH_ALLOW_PRIVATE_NETWORKS: 'true' },
      build: { pushCa: pem.cert },
    });
  });
  afterAll(async () => {
    await app.stop();
    await new Promise((resolve) => server.close(resolve));
    await fs.rm(certDir, { recursive: true, force: true });
  });

  async function subscribe(user: { loginToken: string }, name: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const subscription = {
      endpoint: `${baseUrl}/push/${name}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
    const response = await app.fastify.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { loginToken: user.loginToken },
      payload: { deviceToken: JSON.stringify(subscription) },
    });
    expect(response.statusCode).toBe(204);
    return { ecdh, auth };
  }

  it('encrypts the notification for the browser, signs with VAPID and opens the right screen', async () => {
    const alice = await app.register({ name: 'Alice Sender' });
    const bob = await app.register();
    const receiver = await subscribe(bob, 'bob');
    await app.database.db.transaction((tx) =>
      notify(tx, [bob.userId], 'shareCalendar', {
        actorId: alice.userId,
        calendar: { calendarId: 'cal1', name: 'Choir', color: '#4256c1', visibility: 'private' },
      }),
    );
    await app.ctx.outbox.drain();
    const delivery = received.find((entry) => entry.path === '/push/bob');
    expect(delivery?.headers['content-encoding']).toBe('aes128gcm');
    const config = (await app.fastify.inject({ url: '/api/config' })).json();
    expect(String(delivery?.headers.authorization)).toMatch(
      new RegExp(`^vapid t=.+, k=${config.vapidPublicKey}$`),
    );
    const message = JSON.parse(decryptPush(delivery?.body as Buffer, receiver));
    expect(message).toMatchObject({
      title: 'Convene',
      body: 'Alice Sender invited you to the calendar Choir',
      url: '/activity/requests',
    });
  });

  it('removes a subscription the push service says is gone, and retries on other failures', async () => {
    const alice = await app.register();
    const carol = await app.register();
    await subscribe(carol, 'carol');
    answerStatus = 500;
    await app.database.db.transaction((tx) =>
      notify(tx, [carol.userId], 'calendarChanged', { actorId: alice.userId }),
    );
    await app.ctx.outbox.drain();
    const [pending] = await app.database.db.select().from(outbox).where(isNull(outbox.doneAt));
    expect(pending).toMatchObject({ kind: 'push', attempts: 1 });

    answerStatus = 410;
    await app.database.db.update(outbox).set({ runAt: new Date() }).where(isNull(outbox.doneAt));
    await app.ctx.outbox.drain();
    expect(
      await app.database.db.select().from(pushDevices).where(eq(pushDevices.accountId, carol.userId)),
    ).toEqual([]);
    expect(await app.database.db.$count(outbox, isNull(outbox.doneAt))).toBe(0);
    answerStatus = 201;
  });

  it('refuses a device that is not a push subscription', async () => {
    const dave = await app.register();
    for (const deviceToken of [
      'not json',
      JSON.stringify({ endpoint: 'http://insecure.example/x', keys: { p256dh: 'a', auth: 'b' } }),
      42,
    ]) {
      const response = await app.fastify.inject({
        method: 'POST',
        url: '/api/devices',
        headers: { loginToken: dave.loginToken },
        payload: { deviceToken },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toMatch(/^deviceToken/);
    }
  });
});
