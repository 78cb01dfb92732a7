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
//     [--depth-messages=100000] [--json=results.json] [--write]
//
// The defaults are the issue's set-up; a small run on a shared machine:
//   node bench/chat.mjs --url=… --clients=100 --conversations=20 --big-group=50 --senders=20 --duration=20 --write
// --write replaces only the chat section of docs/PERFORMANCE.md. `npm run bench -- --chat-url=…`
// runs it as part of the whole bench (see bench/run.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildServerIfStale, serverArgs } from '../scripts/lib/server-build.mjs';
import { createFreshDatabase } from './lib/postgres.mjs';
import { describeMachine, formatChatTable, replaceChatSection } from './lib/report.mjs';
import { findFreePort, readCpuMs, readRss, waitForOk } from './lib/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEND_EVERY_MS = 2000;
const DEEP_REQUESTS = 1000;
const DEEP_WARM_UP = 20;
const PAGE = 20;
const DRAIN_LIMIT_MS = 300_000;

function option(name, fallback) {
  const arg = process.argv.find((candidate) => candidate.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

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
  const sockets = [];
  try {
    await buildServerIfStale(ROOT);
    const env = { DATABASE_URL: fresh.url, CONVENE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', REDIS_URL: '' };
    const migrated = spawnSync(process.execPath, serverArgs('migrate'), {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    if (migrated.status !== 0) throw new Error('migrations failed');
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
    server.log = [];
    await waitForOk(`${base}/api/health`, server);
    const rssBefore = readRss(server.pid);

    console.log(`[chat-bench] connecting ${clients} Socket.IO clients ...`);
    const { io } = await loadFromServer('socket.io-client');
    const sent = new Map();
    const latencies = [];
    let deliveries = 0;
    for (let start = 0; start < clients; start += 50) {
      const batch = [];
      for (let n = start; n < Math.min(clients, start + 50); n += 1) {
        const socket = io(base, {
          path: '/socket.io',
          auth: { loginToken: tokenOf(n) },
          transports: ['websocket'],
          reconnection: false,
        });
        sockets.push(socket);
        socket.on('messages', (payload) => {
          const at = sent.get(payload?.message?.clientKey);
          if (at === undefined || payload.message.sender?.userId === id(`c${n}`)) return;
          latencies.push(performance.now() - at);
          deliveries += 1;
        });
        batch.push(
          new Promise((resolve, reject) => {
            socket.once('connect', resolve);
            socket.once('connect_error', reject);
          }),
        );
      }
      await Promise.all(batch);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssConnected = readRss(server.pid);

    console.log(`[chat-bench] ${senders} senders, one message each every 2 s, ${duration} s ...`);
    const statuses = { ok: 0, fiveXx: 0, other: 0, errors: 0, otherCodes: {} };
    const cpuBefore = readCpuMs(server.pid);
    const loadAvg = os.loadavg()[0];
    const stopAt = performance.now() + duration * 1000;
    let messagesSent = 0;
    const sentBySender = Array.from({ length: senders }, () => 0);
    const postTimes = [];
    const sender = async (n) => {
      // Spread the senders over the 2 s period.
      await new Promise((resolve) => setTimeout(resolve, (SEND_EVERY_MS * n) / senders));
      for (let count = 0; performance.now() < stopAt; count += 1) {
        const tick = performance.now();
        const clientKey = `b${n}-${count}`;
        sent.set(clientKey, tick);
        try {
          const response = await fetch(`${base}/api/conversations/${id(`g${groupOf(shape, n)}`)}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', loginToken: tokenOf(n) },
            body: JSON.stringify({ message: `bench message ${count} from ${n}`, clientKey }),
          });
          await response.arrayBuffer();
          postTimes.push(performance.now() - tick);
          if (response.status >= 500) statuses.fiveXx += 1;
          else if (response.ok) statuses.ok += 1;
          else {
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
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const cpuMs = readCpuMs(server.pid) - cpuBefore;
    const outboxBacklog = await countUndelivered(fresh.url);
    // The depth pages are timed on a quiet server: after the outbox has caught up.
    const drainStart = performance.now();
    while ((await countUndelivered(fresh.url)) > 0 && performance.now() - drainStart < DRAIN_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const outboxDrainMs = performance.now() - drainStart;
    const expected = expectedDeliveries(shape, sentBySender);

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
      messagesSent,
      statuses,
      deliveries,
      expectedDeliveries: expected,
      delivery: percentiles(latencies),
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
    for (const socket of sockets) socket.close();
    if (server) {
      server.kill('SIGTERM');
      await server.exited;
    }
    await fresh.drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What every socket other than the sender's should receive: one per other participant. */
function expectedDeliveries(shape, sentBySender) {
  const sizes = Array.from({ length: shape.conversations }, (_, g) => members(shape, g).length);
  return sentBySender.reduce((sum, sent, n) => sum + sent * (sizes[groupOf(shape, n)] - 1), 0);
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
    await db.query(
      `INSERT INTO accounts (id, name, email, status)
       SELECT md5('c' || n), 'Bench ' || n, 'chat' || n || '@bench.example', 'active'
       FROM generate_series(0, $1::int - 1) AS n`,
      [clients],
    );
    const hashes = Array.from({ length: clients }, (_, n) =>
      createHash('sha256').update(tokenOf(n)).digest('hex'),
    );
    await db.query(
      `INSERT INTO sessions (id, account_id, token_hash)
       SELECT md5('s' || (n - 1)), md5('c' || (n - 1)), ($1::text[])[n] FROM generate_series(1, $2::int) AS n`,
      [hashes, clients],
    );
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

function percentiles(values, decimals = 1) {
  const sorted = [...values].sort((a, b) => a - b);
  const scale = 10 ** decimals;
  const at = (p) => Math.round((sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? 0) * scale) / scale;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
}

/** socket.io-client is the server's (dev) dependency. */
function loadFromServer(name) {
  const fromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
  return import(pathToFileURL(fromServer.resolve(name)).href);
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
  });
  console.log(`\n${formatChatTable(results)}`);
  const json = option('json', null);
  if (json) writeFileSync(json, JSON.stringify(results, null, 2));
  if (process.argv.includes('--write')) {
    replaceChatSection(path.join(ROOT, 'docs', 'PERFORMANCE.md'), results, describeMachine(ROOT));
    console.log('[chat-bench] docs/PERFORMANCE.md: chat section rewritten');
  }
  process.exit(0);
}
