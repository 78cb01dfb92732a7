import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/harness.ts';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/connect.ts';
import { messages } from '../../db/schema/index.ts';

const redisUrl = process.env.REDIS_URL;
const hasCluster = testDatabases().includes('postgres') && Boolean(redisUrl);

async function register(app: App, name: string): Promise<{ userId: string; loginToken: string }> {
  const challenge = (await app.fastify.inject({ url: '/api/captcha/challenge' })).json();
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const solution = await solveChallenge({ challenge, deriveKey });
  const recaptchaCode = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${Date.now()}@example.com`;
  const response = await app.fastify.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: 'secret-pass', recaptchaCode },
  });
  return response.json();
}

describe.skipIf(!hasCluster)('chat across two server processes on one PostgreSQL and one Redis', () => {
  const kind = 'postgres' as const;
  const apps: App[] = [];
  const closers: Array<() => Promise<void>> = [];
  let urls: string[] = [];
  let db: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    const { database, url, drop } = await openTestDatabase(kind);
    db = database;
    const appEnv = `c${process.pid}${Date.now()}`;
    for (let i = 0; i < 2; i++) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'convene-chat-node-'));
      const config = loadConfig({
        DATABASE_URL: url as string,
        REDIS_URL: redisUrl as string,
        APP_ENV: appEnv,
        CONVENE_DATA_DIR: dataDir,
        ALTCHA_COST: '20',
        LOG_LEVEL: 'silent',
      });
      const nodeDatabase = await openDatabase({ url: config.databaseUrl });
      const app = await buildApp({ config, database: nodeDatabase, startOutbox: true });
      apps.push(app);
      closers.push(async () => {
        await app.close();
        await nodeDatabase.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      });
    }
    urls = await Promise.all(
      apps.map(async (app) => {
        await app.fastify.listen({ port: 0, host: '127.0.0.1' });
        return `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`;
      }),
    );
    closers.push(async () => {
      await db.close();
      await drop();
    });
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('delivers a message sent on one process to a socket on the other, and a retry on either is one message', async () => {
    const [first, second] = apps as [App, App];
    const ana = await register(first, 'Ana Cluster');
    const bob = await register(second, 'Bob Cluster');
    const created = await first.fastify.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { loginToken: ana.loginToken },
      payload: { type: '1to1', users: [bob.userId] },
    });
    const conversationId = created.json().conversationId as string;
    const socket = connect(urls[1] as string, {
      path: '/socket.io',
      auth: { loginToken: bob.loginToken },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise<{ message: { messageId: string }; unreadCount: number }>(
        (resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no messages message within 10 s')), 10_000);
          socket.once('messages', (payload) => {
            clearTimeout(timer);
            resolve(payload);
          });
        },
      );
      const body = { message: 'across processes', clientKey: 'cluster-1' };
      const sends = await Promise.all(
        [first, second, first, second].map((app) =>
          app.fastify.inject({
            method: 'POST',
            url: `/api/conversations/${conversationId}/messages`,
            headers: { loginToken: ana.loginToken },
            payload: body,
          }),
        ),
      );
      const ids = new Set(sends.map((response) => response.json().messageId));
      expect(sends.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      expect(ids.size).toBe(1);
      const stored = await db.db.select().from(messages).where(eq(messages.conversationId, conversationId));
      expect(stored).toHaveLength(1);
      const payload = await received;
      expect(payload).toMatchObject({ message: { messageId: [...ids][0] }, unreadCount: 1 });
    } finally {
      socket.close();
    }
  });
});
