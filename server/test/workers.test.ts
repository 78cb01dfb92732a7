import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { isNull } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale, serverArgs } from '../../scripts/lib/server-build.mjs';
import type { Database } from '../src/db/connect.ts';
import { outbox } from '../src/db/schema/index.ts';
import { openTestDatabase, testDatabases } from './harness.ts';

// Issue 17 point 2: the BUILT server as separate processes on one PostgreSQL and one Redis.
const repoRoot = path.resolve(import.meta.dirname, '../..');
const redisUrl = process.env.REDIS_URL;
const hasCluster = testDatabases().includes('postgres') && Boolean(redisUrl);

interface Running {
  child: ChildProcess;
  url: string;
  /** The start line: "Convene is running at … (database: …)". */
  announced: string;
  /** Everything the process printed so far (warnings and errors: LOG_LEVEL=warn). */
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'convene-workers-'));
  const child = spawn(process.execPath, serverArgs('serve'), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CONVENE_DATA_DIR: dataDir,
      ALTCHA_COST: '20',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => fs.rm(dataDir, { recursive: true, force: true }));
  let output = '';
  const [announced, url] = await new Promise<[string, string]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /Convene is running at (http:\/\/\S+).*/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve([match[0], match[1]]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
  return { child, url, announced, exited, output: () => output };
}

/** SIGTERM; resolves with the exit code, and the output when it is not 0. */
async function stopServer(running: Running): Promise<number | string | null> {
  running.child.kill('SIGTERM');
  const code = await running.exited;
  return code === 0 ? code : `exit ${code}:\n${running.output()}`;
}

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { loginToken: init.token } : {}),
    },
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  };
}

async function register(url: string, name: string): Promise<{ userId: string; loginToken: string }> {
  const challenge = (await json(`${url}/api/captcha/challenge`)).body;
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  const recaptchaCode = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${Date.now()}@example.com`;
  const response = await json(`${url}/api/auth/register`, {
    method: 'POST',
    body: JSON.stringify({ name, email, password: 'secret-pass', recaptchaCode }),
  });
  expect(response.status).toBe(200);
  return response.body as { userId: string; loginToken: string };
}

async function connected(url: string, loginToken: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    auth: { loginToken },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Resolves when `test` holds, checking after each event of the socket; rejects after 15 s. */
function until(socket: Socket, test: () => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!test()) return;
      clearTimeout(timer);
      socket.offAny(check);
      resolve();
    };
    const timer = setTimeout(() => {
      socket.offAny(check);
      reject(new Error(`timed out waiting for ${what}`));
    }, 15_000);
    socket.onAny(check);
    check();
  });
}

/** Waits until no outbox row is pending (polling the table: the rows are the subject). */
function outboxSettled(db: Database): Promise<void> {
  return waitFor(async () => {
    const pending = await db.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.doneAt));
    return pending.length === 0;
  }, 'outbox rows still pending');
}

/**
 * Ana (on `anaUrl`) sends Bob six messages in a 1to1; each of Bob's `sockets` sockets (on
 * `bobUrl`) gets each exactly once, and every outbox row was claimed once and delivered.
 */
async function exchange(db: Database, anaUrl: string, bobUrl: string, sockets: number): Promise<void> {
  const ana = await register(anaUrl, 'Ana Workers');
  const bob = await register(bobUrl, 'Bob Workers');
  const created = await json(`${anaUrl}/api/conversations`, {
    method: 'POST',
    token: ana.loginToken,
    body: JSON.stringify({ type: '1to1', users: [bob.userId] }),
  });
  expect(created.status).toBe(200);
  const conversationId = created.body.conversationId as string;
  const bobs = await Promise.all(Array.from({ length: sockets }, () => connected(bobUrl, bob.loginToken)));
  try {
    const received = bobs.map((socket) => {
      const ids: string[] = [];
      // onAny, like `until`'s check, and registered first: any-listeners run before plain ones.
      socket.onAny((event: string, payload: { message: { messageId: string } }) => {
        if (event === 'messages') ids.push(payload.message.messageId);
      });
      return ids;
    });
    const send = async (index: number) => {
      const response = await json(`${anaUrl}/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        token: ana.loginToken,
        body: JSON.stringify({ message: `across processes ${index}`, clientKey: `workers-${index}` }),
      });
      expect(response.status).toBe(200);
      return response.body.messageId as string;
    };
    const arrived = (ids: string[]) =>
      Promise.all(
        bobs.map((socket, at) =>
          until(socket, () => ids.every((id) => received[at]?.includes(id)), `messages on socket ${at}`),
        ),
      );
    const sent: string[] = [];
    for (let index = 0; index < 5; index++) sent.push(await send(index));
    await arrived(sent);
    await outboxSettled(db);
    // A last message after every row is done: a duplicate of an earlier one would be published
    // before it, so once it arrives each socket has had everything it will get.
    sent.push(await send(5));
    await arrived(sent);
    // Each exactly once, in the order sent: one process at a time publishes the realtime rows.
    for (const ids of received) expect(ids).toEqual(sent);
    await outboxSettled(db);
    const rows = await db.db
      .select({ attempts: outbox.attempts, doneAt: outbox.doneAt, lastError: outbox.lastError })
      .from(outbox);
    expect(rows.length).toBeGreaterThanOrEqual(sent.length);
    for (const { attempts, doneAt, lastError } of rows) {
      expect({ attempts, delivered: doneAt !== null, lastError }).toEqual({
        attempts: 1,
        delivered: true,
        lastError: null,
      });
    }
  } finally {
    for (const socket of bobs) socket.close();
  }
}

/**
 * Ana (on `first`) and Carl (on `second`) write to a group with Bob in bursts, each burst their
 * messages sent at once, alternately through both processes; Bob has a socket on each process.
 * Every socket gets every message once and in the order the messages were recorded (their seq
 * in the conversation: each send takes the next seq and records its outbox rows in the same
 * transaction), however the two processes claimed and published the rows.
 */
async function orderedBursts(firstUrl: string, secondUrl: string): Promise<void> {
  const ana = await register(firstUrl, 'Ana Bursts');
  const carl = await register(secondUrl, 'Carl Bursts');
  const bob = await register(firstUrl, 'Bob Bursts');
  const created = await json(`${firstUrl}/api/conversations`, {
    method: 'POST',
    token: ana.loginToken,
    body: JSON.stringify({ type: 'group', name: 'Bursts', users: [bob.userId, carl.userId] }),
  });
  expect(created.status).toBe(200);
  const conversationId = created.body.conversationId as string;
  const bobs = await Promise.all([firstUrl, secondUrl].map((url) => connected(url, bob.loginToken)));
  try {
    const received = bobs.map((socket) => {
      const seqs: number[] = [];
      socket.onAny((event: string, payload: { message: { seq: number; clientKey: string | null } }) => {
        if (event === 'messages' && payload.message.clientKey?.startsWith('burst-')) {
          seqs.push(payload.message.seq);
        }
      });
      return seqs;
    });
    const sent: number[] = [];
    const send = async (sender: { loginToken: string }, url: string, key: string) => {
      const response = await json(`${url}/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        token: sender.loginToken,
        body: JSON.stringify({ message: `burst ${key}`, clientKey: key }),
      });
      expect(response.status).toBe(200);
      sent.push(response.body.seq as number);
    };
    // Five bursts of twenty sends at once: each sender's under its 60 a minute.
    for (let burst = 0; burst < 5; burst++) {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          send(index % 2 === 0 ? ana : carl, index % 4 < 2 ? firstUrl : secondUrl, `burst-${burst}-${index}`),
        ),
      );
    }
    expect(sent).toHaveLength(100);
    await Promise.all(
      bobs.map((socket, at) =>
        until(socket, () => (received[at]?.length ?? 0) >= sent.length, `messages on socket ${at}`),
      ),
    );
    const inOrder = [...sent].sort((a, b) => a - b);
    for (const seqs of received) expect(seqs).toEqual(inOrder);
  } finally {
    for (const socket of bobs) socket.close();
  }
}

/** The process ids of a process's children (Linux's /proc). */
async function childrenOf(pid: number): Promise<number[]> {
  const text = await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
  return text.split(' ').filter(Boolean).map(Number);
}

/** Resolves once `test` holds, checking every 50 ms; rejects after 15 s. */
async function waitFor(test: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the primary has two workers again, none of them `killed` (the back-off is 0.5 s). */
function replaced(primary: number, killed: number): Promise<void> {
  return waitFor(async () => {
    const workers = await childrenOf(primary);
    return workers.length === 2 && !workers.includes(killed);
  }, 'a replacement worker');
}

describe.skipIf(!hasCluster)('several server processes on one PostgreSQL and one Redis', () => {
  let db: Database;
  let databaseUrl: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    await buildServerIfStale(repoRoot, { quiet: true });
  }, 120_000);

  const freshDatabase = async () => {
    const opened = await openTestDatabase('postgres');
    db = opened.database;
    databaseUrl = opened.url as string;
    drop = opened.drop;
  };
  const closeDatabase = async () => {
    await db.close();
    await drop();
  };

  it('two separate processes: a message made on one reaches a socket on the other once; each outbox row is delivered once', async () => {
    await freshDatabase();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl as string,
      APP_ENV: `w${process.pid}${Date.now()}`,
    };
    const servers = await Promise.all([startServer(env), startServer(env)]);
    try {
      const [first, second] = servers as [Running, Running];
      await exchange(db, first.url, second.url, 1);
    } finally {
      expect(await Promise.all(servers.map(stopServer))).toEqual([0, 0]);
      await closeDatabase();
    }
  }, 60_000);

  it('two separate processes: interleaved bursts to one person reach each of their sockets in the order recorded', async () => {
    await freshDatabase();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl as string,
      APP_ENV: `w${process.pid}${Date.now()}`,
    };
    const servers = await Promise.all([startServer(env), startServer(env)]);
    try {
      const [first, second] = servers as [Running, Running];
      await orderedBursts(first.url, second.url);
    } finally {
      expect(await Promise.all(servers.map(stopServer))).toEqual([0, 0]);
      await closeDatabase();
    }
  }, 60_000);

  it('WORKERS=2 on one port: the same, a killed worker is replaced, and SIGTERM stops the primary after its workers', async () => {
    await freshDatabase();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl as string,
      APP_ENV: `w${process.pid}${Date.now()}`,
      WORKERS: '2',
      LOG_LEVEL: 'info',
    };
    const server = await startServer(env);
    try {
      expect(server.announced).toMatch(/\(database: postgres, 2 workers\)$/);
      // Connections are spread over the workers (round-robin): four sockets land on both.
      await exchange(db, server.url, server.url, 4);
      const workers = await childrenOf(server.child.pid as number);
      expect(workers).toHaveLength(2);
      process.kill(workers[0] as number, 'SIGKILL');
      await replaced(server.child.pid as number, workers[0] as number);
      // Fastify logs this line (info) as each worker listens: two at the start, then the replacement.
      await waitFor(
        () => server.output().split('Server listening at').length - 1 === 3,
        'the replacement listening',
      );
      await exchange(db, server.url, server.url, 4);
    } finally {
      expect(await stopServer(server)).toBe(0);
      await closeDatabase();
    }
  }, 60_000);
});
