import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  findLink,
  openTestDatabase,
  type TestApp,
  testDatabases,
} from '../../test/harness.ts';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { notify } from '../modules/notifications/notifications.service.ts';
import { deliverRealtime } from './realtimeOutbox.ts';

async function listen(app: App): Promise<string> {
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`;
}

function open(url: string, loginToken: string, extraHeaders: Record<string, string> = {}): Socket {
  return connect(url, {
    path: '/socket.io',
    auth: { loginToken },
    transports: ['websocket'],
    extraHeaders,
    reconnection: false,
  });
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refused(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('socket connected but should have been refused')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

function nextMessage<T>(socket: Socket, name: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} message within ${timeoutMs} ms`)), timeoutMs);
    socket.once(name, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe.each(testDatabases())('realtime hub on %s', (kind) => {
  let app: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await createTestApp(kind);
    url = await listen(app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app.stop();
  });
  const track = (socket: Socket) => {
    sockets.push(socket);
    return socket;
  };

  it('admits a socket by login token and refuses an unknown token', async () => {
    const user = await app.register();
    await connected(track(open(url, user.loginToken)));
    expect(await refused(track(open(url, 'not-a-real-token-not-a-real-token')))).toBe('unauthenticated');
  });

  it('refuses a browser socket from a foreign origin', async () => {
    const user = await app.register();
    const foreign = track(open(url, user.loginToken, { origin: 'http://evil.example' }));
    await expect(refused(foreign)).resolves.toBeTypeOf('string');
    await connected(track(open(url, user.loginToken, { origin: 'http://127.0.0.1:3000' })));
  });

  it("sends a user's messages to that user's sockets only, after the change commits", async () => {
    const alice = await app.register();
    const bob = await app.register();
    const aliceSocket = track(open(url, alice.loginToken));
    const bobSocket = track(open(url, bob.loginToken));
    await Promise.all([connected(aliceSocket), connected(bobSocket)]);
    let bobGotOne = false;
    bobSocket.on('account', () => {
      bobGotOne = true;
    });
    const mail = (await app.mails()).find((text) => text.includes(`To: ${alice.email}`)) as string;
    const link = new URL(findLink(mail, 'confirmEmail'));
    const message = nextMessage<{ userId: string; action: string }>(aliceSocket, 'account');
    await app.fastify.inject({ url: `${link.pathname}${link.search}` });
    await app.ctx.outbox.drain();
    expect(await message).toEqual({ userId: alice.userId, action: 'update' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobGotOne).toBe(false);
  });

  it('delivers a notification message through the outbox once the transaction commits', async () => {
    const alice = await app.register();
    const bob = await app.register();
    const socket = track(open(url, bob.loginToken));
    await connected(socket);
    const message = nextMessage<{ notificationId: string }>(socket, 'notification');
    const [row] = await app.database.db.transaction((tx) =>
      notify(tx, [bob.userId], 'calendarChanged', { actorId: alice.userId }),
    );
    await app.ctx.outbox.drain();
    expect(await message).toEqual({ notificationId: row?.id });
  });

  it("logout disconnects that session's sockets and no other", async () => {
    const user = await app.register();
    const second = (
      await app.fastify.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      })
    ).json().loginToken as string;
    const first = track(open(url, user.loginToken));
    const other = track(open(url, second));
    await Promise.all([connected(first), connected(other)]);
    const dropped = new Promise<string>((resolve) => first.once('disconnect', resolve));
    await app.fastify.inject({ url: '/api/auth/logout', headers: { loginToken: user.loginToken } });
    expect(await dropped).toBe('io server disconnect');
    expect(other.connected).toBe(true);
    expect(await refused(track(open(url, user.loginToken)))).toBe('unauthenticated');
  });
});

const redisUrl = process.env.REDIS_URL;
const clusterKinds = testDatabases().includes('postgres') && redisUrl ? ['postgres' as const] : [];

describe.each(clusterKinds)('two server processes on one %s and one Redis', (kind) => {
  const apps: App[] = [];
  const closers: Array<() => Promise<void>> = [];
  let urls: string[] = [];
  beforeAll(async () => {
    const { database, url, drop } = await openTestDatabase(kind);
    await database.close();
    const appEnv = `t${process.pid}${Date.now()}`;
    for (let i = 0; i < 2; i++) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'convene-node-'));
      const config = loadConfig({
        DATABASE_URL: url as string,
        REDIS_URL: redisUrl as string,
        APP_ENV: appEnv,
        CONVENE_DATA_DIR: dataDir,
        ALTCHA_COST: '20',
        LOG_LEVEL: 'silent',
      });
      const nodeDatabase = await openDatabase({ url: config.databaseUrl });
      const app = await buildApp({ config, database: nodeDatabase, startOutbox: false });
      apps.push(app);
      closers.push(async () => {
        await app.close();
        await nodeDatabase.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      });
    }
    urls = await Promise.all(apps.map(listen));
    closers.push(drop);
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('delivers a message published on one process to a socket connected to the other', async () => {
    const [first, second] = apps as [App, App];
    const email = `cluster.${Date.now()}@example.com`;
    const challenge = await first.fastify.inject({ url: '/api/captcha/challenge' });
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
    const solution = await solveChallenge({ challenge: challenge.json(), deriveKey });
    const recaptchaCode = Buffer.from(JSON.stringify({ challenge: challenge.json(), solution })).toString(
      'base64',
    );
    const registered = await first.fastify.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Cluster User', email, password: 'secret-pass', recaptchaCode },
    });
    const account = registered.json();
    const socket = open(urls[1] as string, account.loginToken);
    await connected(socket);
    try {
      const message = nextMessage(socket, 'account');
      deliverRealtime(first.ctx.hub, {
        userId: account.userId,
        message: 'account',
        payload: { userId: account.userId, action: 'update' },
      });
      expect(await message).toEqual({ userId: account.userId, action: 'update' });
      const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await second.fastify.inject({ url: '/api/health' });
      await first.fastify.inject({ url: '/api/auth/logout', headers: { loginToken: account.loginToken } });
      expect(await dropped).toBe('io server disconnect');
    } finally {
      socket.close();
    }
  });
});
