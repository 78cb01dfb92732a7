// Chat benchmark (issue 13, point 12) against PostgreSQL: N Socket.IO clients in M group
// conversations (the first one holds the first B clients, the others share the rest of the
// places), K of them sending a message every 2 s for a while; measures POST → delivery on the
// other participants' sockets (p50, p99), 5xx answers, the server's CPU per message and its RSS
// per connected socket; then one page of messages at every depth of a 100,000-message
// conversation (p50, p99, and the load average then). It runs on a fresh database created on
// the server of the URL (dropped afterwards), seeded in SQL (accounts, sessions, conversations,
// the deep conversation's messages in one INSERT … SELECT).
//
//   node bench/chat.mjs --url=postgres://postgres@127.0.0.1:5432/postgres \
//     [--clients=1000] [--conversations=200] [--big-group=500] [--senders=200] [--duration=60]
//     [--depth-messages=100000] [--receivers=2] [--json=results.json] [--write]
//
// The defaults are the issue's set-up; a small run on a shared machine:
//   node bench/chat.mjs --url=… --clients=100 --conversations=20 --big-group=50 --senders=20 --duration=20 --write
// --write replaces only the chat section of docs/PERFORMANCE.md. `npm run bench -- --chat-url=…`
// runs it as part of the whole bench (see bench/run.mjs).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { serverArgs } from '../scripts/lib/server-build.mjs';
import { option, saveResults } from './lib/cli.mjs';
import { createFreshDatabase, migrateDatabase, seedAccountsWithSessions } from './lib/postgres.mjs';
import { formatChatTable, replaceChatSection } from './lib/report.mjs';
import { findFreePort, readCpuMs, readRss, waitForOk } from './lib/server.mjs';
import { serverPackageUrl } from './lib/serverDeps.mjs';
import { percentiles } from './lib/stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEND_EVERY_MS = 2000;
const DEEP_REQUESTS = 1000;
const DEEP_WARM_UP = 20;
const PAGE = 20;
const DRAIN_LIMIT_MS = 300_000;

const id = (text) => createHash('md5').update(text).digest('hex');
const tokenOf = (n) => `chat-bench-token-${String(n).padStart(40, '0')}`;

/** Runs the chat benchmark on a fresh database on the server of `url`; resolves to the measurements. */
export async function benchChat({
  url,
  clients = 1000,
  conversations = 200,
  bigGroup = Math.ceil(clients / 2),
  senders = 200,
  duration = 60,
  depthMessages = 100_000,
  receivers = 2,
}) {
  senders = Math.min(senders, clients);
  conversations = Math.max(1, Math.min(conversations, clients));
  // With one group, it holds everyone.
  bigGroup = conversations === 1 ? clients : Math.max(2, Math.min(bigGroup, clients));
  const shape = { clients, conversations, bigGroup };
  const fresh = await createFreshDatabase(url, 'convene_bench_chat');
  if (fresh.error) throw new Error(`PostgreSQL at the chat URL did not answer: ${fresh.error}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convene-chat-bench-'));
  let server;
  const workers = [];
  try {
    const env = { DATABASE_URL: fresh.url, CONVENE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', REDIS_URL: '' };
    await migrateDatabase(ROOT, env);
    console.log(
      `[chat-bench] seeding ${clients} accounts, ${conversations} groups (one of ${bigGroup}), ${depthMessages} messages in one more ...`,
    );
    const seedStart = performance.now();
    const deepId = await seed(fresh.url, { ...shape, depthMessages });
    console.log(`[chat-bench] seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, serverArgs('serve'), {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    server.exited = new Promise((resolve) => server.on('exit', resolve));
    // Something else on a shared machine may end it; say so rather than fail on a refused fetch.
    server.on('exit', (code, signal) => {
      if (!server.stopping)
        console.error(`[chat-bench] the server exited early (code ${code}, signal ${signal})`);
    });
    server.log = [];
    await waitForOk(`${base}/api/health`, server);
    const rssBefore = readRss(server.pid);

    console.log(`[chat-bench] connecting ${clients} Socket.IO clients in ${receivers} threads ...`);
    // socket.io-client is the server's (dev) dependency.
    const socketIoClient = serverPackageUrl('socket.io-client');
    for (let w = 0; w < receivers; w += 1) {
      const worker = new Worker(new URL('./lib/chat-receivers.mjs', import.meta.url), {
        workerData: {
          base,
          socketIoClient,
          // Round robin: each thread holds its share of the big group.
          clients: Array.from({ length: clients }, (_, n) => n)
            .filter((n) => n % receivers === w)
            .map((n) => ({ n, token: tokenOf(n), userId: id(`c${n}`) })),
        },
      });
      workers.push(worker);
    }
    await Promise.all(workers.map((worker) => answerOf(worker, 'connected')));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssConnected = readRss(server.pid);

    console.log(`[chat-bench] ${senders} senders, one message each every 2 s, ${duration} s ...`);
    const statuses = { ok: 0, fiveXx: 0, other: 0, errors: 0, otherCodes: {} };
    const cpuBefore = readCpuMs(server.pid);
    const benchCpuBefore = process.cpuUsage();
    const loadAvg = os.loadavg()[0];
    const stopAt = performance.now() + duration * 1000;
    let messagesSent = 0;
    const sentBySender = Array.from({ length: senders }, () => 0);
    // clientKey → when its POST began, for the messages the server accepted (2xx).
    const accepted = new Map();
    const postTimes = [];
    const sender = async (n) => {
      // Spread the senders over the 2 s period.
      await new Promise((resolve) => setTimeout(resolve, (SEND_EVERY_MS * n) / senders));
      for (let count = 0; performance.now() < stopAt; count += 1) {
        const tick = performance.now();
        const startedAt = performance.timeOrigin + tick;
        const clientKey = `b${n}-${count}`;
        try {
          const response = await fetch(`${base}/api/conversations/${id(`g${groupOf(shape, n)}`)}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', loginToken: tokenOf(n) },
            body: JSON.stringify({ message: `bench message ${count} from ${n}`, clientKey }),
          });
          await response.arrayBuffer();
          postTimes.push(performance.now() - tick);
          if (response.status >= 500) statuses.fiveXx += 1;
          else if (response.ok) {
            statuses.ok += 1;
            accepted.set(clientKey, { sender: n, at: startedAt });
          } else {
            statuses.other += 1;
            statuses.otherCodes[response.status] = (statuses.otherCodes[response.status] ?? 0) + 1;
          }
          messagesSent += 1;
          sentBySender[n] += 1;
        } catch {
          statuses.errors += 1;
        }
        const wait = SEND_EVERY_MS - (performance.now() - tick);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    };
    await Promise.all(Array.from({ length: senders }, (_, n) => sender(n)));
    const loadAfter = os.loadavg()[0];
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const cpuMs = readCpuMs(server.pid) - cpuBefore;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const outboxBacklog = await countUndelivered(fresh.url);
    // The depth pages are timed on a quiet server: after the outbox has caught up.
    const drainStart = performance.now();
    while ((await countUndelivered(fresh.url)) > 0 && performance.now() - drainStart < DRAIN_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const outboxDrainMs = performance.now() - drainStart;
    const checked = await checkDeliveries(shape, workers, accepted);

    console.log(`[chat-bench] ${DEEP_REQUESTS} pages of ${PAGE} messages at depth in ${depthMessages} ...`);
    const deep = [];
    let deepErrors = 0;
    const deepLoad = os.loadavg()[0];
    // A few untimed pages first (connection pool, JIT), then the timed ones.
    for (let index = -DEEP_WARM_UP; index < DEEP_REQUESTS; index += 1) {
      // From the newest page (skip 0) to the oldest full one, evenly.
      const skip = Math.round((Math.max(0, index) / (DEEP_REQUESTS - 1)) * (depthMessages - PAGE));
      const tick = performance.now();
      const response = await fetch(
        `${base}/api/conversations/${deepId}/messages?from=${depthMessages}&skip=${skip}&limit=${PAGE}`,
        { headers: { loginToken: tokenOf(0) } },
      );
      const body = await response.json();
      if (index < 0) continue;
      deep.push(performance.now() - tick);
      if (!response.ok || body.length !== PAGE) deepErrors += 1;
    }
    const deepSql = await explainPages(fresh.url, deepId, depthMessages);

    return {
      postgres: fresh.version,
      clients,
      conversations,
      bigGroup,
      senders,
      duration,
      depthMessages,
      load: loadAvg,
      loadAfter,
      messagesSent,
      statuses,
      deliveries: checked.delivered,
      expectedDeliveries: checked.expected,
      missingDeliveries: checked.missing,
      duplicateDeliveries: checked.duplicates,
      unexpectedDeliveries: checked.unexpected,
      delivery: percentiles(checked.latencies),
      receiverThreads: workers.length,
      benchCpuMsPerMessage: messagesSent ? (benchCpu.user + benchCpu.system) / 1000 / messagesSent : null,
      post: percentiles(postTimes),
      cpuMsPerMessage: messagesSent ? cpuMs / messagesSent : null,
      outboxBacklog,
      outboxDrainMs,
      rssPerSocketKb: (rssConnected - rssBefore) / clients / 1024,
      rssBeforeMb: rssBefore / 2 ** 20,
      rssConnectedMb: rssConnected / 2 ** 20,
      deepPage: {
        ...percentiles(deep),
        requests: DEEP_REQUESTS,
        errors: deepErrors,
        load: deepLoad,
        sql: percentiles(deepSql, 3),
      },
    };
  } finally {
    await Promise.all(workers.map((worker) => closeWorker(worker)));
    if (server) {
      server.stopping = true;
      server.kill('SIGTERM');
      await server.exited;
    }
    await fresh.drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Checks every delivery by socket and message: each client should have received, once, every
 * accepted message sent into its groups by someone else, and nothing more. The delivery time of
 * each expected message is its arrival minus the start of its POST (both on the epoch clock).
 */
async function checkDeliveries(shape, workers, accepted) {
  const byGroup = Array.from({ length: shape.conversations }, () => []);
  for (const [key, { sender }] of accepted) byGroup[groupOf(shape, sender)].push(key);
  const result = { expected: 0, delivered: 0, missing: 0, duplicates: 0, unexpected: 0, latencies: [] };
  for (const worker of workers) {
    const { byClient } = await answerOf(worker, 'deliveries', 'collect');
    for (const [n, keys, times] of byClient) {
      const expected = new Set();
      for (const g of groupsOf(shape, n)) {
        for (const key of byGroup[g]) if (accepted.get(key).sender !== n) expected.add(key);
      }
      const seen = new Set();
      keys.forEach((key, index) => {
        if (seen.has(key)) result.duplicates += 1;
        else if (!expected.has(key)) result.unexpected += 1;
        else result.latencies.push(times[index] - accepted.get(key).at);
        seen.add(key);
      });
      result.expected += expected.size;
      for (const key of expected) {
        if (seen.has(key)) result.delivered += 1;
        else result.missing += 1;
      }
    }
  }
  return result;
}

/** The groups client n is in: its small group, and the big one for the first B clients. */
function groupsOf(shape, n) {
  if (shape.conversations === 1) return [0];
  const small = (n % (shape.conversations - 1)) + 1;
  return n < shape.bigGroup ? [0, small] : [small];
}

/** Resolves to the worker's next message of this type (after sending it `command`, if given). */
function answerOf(worker, type, command) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message.type !== type && message.type !== 'failed') return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      if (message.type === 'failed') reject(new Error(`a receiver thread failed: ${message.error}`));
      else resolve(message);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    if (command) worker.postMessage(command);
  });
}

/** Closes a receiver thread's sockets and waits for it to end. */
async function closeWorker(worker) {
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.postMessage('close');
  const timeout = setTimeout(() => worker.terminate(), 5000);
  await exited;
  clearTimeout(timeout);
}

/**
 * Group 0 holds the clients 0 … B−1 (the big group); with more than one group, group g > 0
 * holds the clients n with n mod (M−1) = g−1, so every client is in one small group.
 */
function members({ clients, conversations, bigGroup }, g) {
  const all = Array.from({ length: clients }, (_, n) => n);
  if (g === 0) return all.slice(0, bigGroup);
  return all.filter((n) => n % (conversations - 1) === g - 1);
}

/** The group client n sends to: the big one when n mod M = 0 and it is in it, else its small group. */
function groupOf({ conversations, bigGroup }, n) {
  if (conversations === 1 || (n % conversations === 0 && n < bigGroup)) return 0;
  return (n % (conversations - 1)) + 1;
}

async function seed(url, { depthMessages, ...shape }) {
  const { clients, conversations } = shape;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('BEGIN');
    await seedAccountsWithSessions(db, {
      count: clients,
      idPrefix: 'c',
      sessionPrefix: 's',
      name: 'Bench',
      emailPrefix: 'chat',
      tokenOf,
    });
    for (let g = 0; g < conversations; g += 1) {
      await db.query(
        `INSERT INTO conversations (id, type, name, created_by_id) VALUES ($1, 'group', $2, md5('c0'))`,
        [id(`g${g}`), `Bench group ${g}`],
      );
      await db.query(
        `INSERT INTO conversation_participants (id, conversation_id, user_id, role)
         SELECT md5($1 || '-' || n), $1, md5('c' || n), CASE WHEN n = 0 THEN 'owner' ELSE 'participant' END
         FROM unnest($2::int[]) AS n`,
        [id(`g${g}`), members(shape, g)],
      );
    }
    const deepId = id('deep');
    await db.query(
      `INSERT INTO conversations (id, type, name, created_by_id, last_seq) VALUES ($1, 'group', 'Deep', md5('c0'), $2)`,
      [deepId, depthMessages],
    );
    await db.query(
      `INSERT INTO conversation_participants (id, conversation_id, user_id, role, last_read_seq)
       VALUES (md5('deep-p'), $1, md5('c0'), 'owner', $2)`,
      [deepId, depthMessages],
    );
    await db.query(
      `INSERT INTO messages (id, conversation_id, seq, sender_id, type, message, created_at, updated_at)
       SELECT md5('m' || n), $1, n, md5('c0'), 'message', 'Deep message ' || n,
         now() - (($2::int - n) * interval '1 minute'), now() - (($2::int - n) * interval '1 minute')
       FROM generate_series(1, $2::int) AS n`,
      [deepId, depthMessages],
    );
    await db.query('COMMIT');
    await db.query('VACUUM (ANALYZE)');
    return deepId;
  } finally {
    await db.end();
  }
}

/** Outbox rows (realtime messages, one per recipient) not yet delivered. */
async function countUndelivered(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query('SELECT count(*)::int AS n FROM outbox WHERE done_at IS NULL');
    return rows[0].n;
  } finally {
    await db.end();
  }
}

/**
 * The page's SQL alone at the same depths, as PostgreSQL times it (EXPLAIN ANALYZE execution
 * time): what the database costs, apart from the HTTP, auth and JSON around it.
 */
async function explainPages(url, deepId, depthMessages) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const times = [];
    for (let index = 0; index < DEEP_REQUESTS; index += 1) {
      const newest = depthMessages - Math.round((index / (DEEP_REQUESTS - 1)) * (depthMessages - PAGE));
      const { rows } = await db.query(
        `EXPLAIN (ANALYZE, FORMAT JSON)
         SELECT m.*, a.name FROM messages m LEFT JOIN accounts a ON a.id = m.sender_id
         WHERE m.conversation_id = '${deepId}' AND m.seq <= ${newest} AND m.seq > ${newest - PAGE}
         ORDER BY m.seq DESC`,
      );
      times.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
    }
    return times;
  } finally {
    await db.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = option('url', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const results = await benchChat({
    url,
    clients: Number(option('clients', 1000)),
    conversations: Number(option('conversations', 200)),
    bigGroup: Number(option('big-group', Math.ceil(Number(option('clients', 1000)) / 2))),
    senders: Number(option('senders', 200)),
    duration: Number(option('duration', 60)),
    depthMessages: Number(option('depth-messages', 100_000)),
    receivers: Number(option('receivers', 2)),
  });
  console.log(`\n${formatChatTable(results)}`);
  saveResults({
    root: ROOT,
    results,
    replaceSection: replaceChatSection,
    label: 'chat-bench',
    section: 'chat',
  });
  process.exit(0);
}
