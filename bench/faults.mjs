// Fault test (issue 17, point 4), under the load test's simulated people (bench/load-agent.mjs):
//
// 1. Two server processes (WORKERS=2: one port, Node's cluster, realtime through Redis); one is
//    killed with SIGKILL and the cluster's primary starts it again. Measured: how long until no
//    request fails any more (target ≤ 10 s), the sockets that reconnected (and refetched), and
//    that every socket is connected again.
// 2. PostgreSQL stopped for 30 s (pg_ctl stop -m fast) and started again. Measured: every answer
//    during the outage is a 503 (none a 500, no network error: the server does not crash), and
//    how long after the restart until no request fails (target ≤ 10 s).
// 3. Afterwards, every write the server acknowledged (2xx) is in the database: each chat message
//    by its client key, each RSVP with the last answer acknowledged for it (an RSVP whose later
//    answer failed is left out: either answer may be stored).
//
// It runs against a private PostgreSQL cluster it creates, starts, stops and deletes itself
// (bench/lib/private-postgres.mjs), never the machine's shared server.
//
//   node bench/faults.mjs [--users=300] [--redis=redis://127.0.0.1:6379] [--outage=30] [--json=…] [--write]
//   npm run bench -- --faults [--faults-users=300]
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { option, saveResults } from './lib/cli.mjs';
import { startAgents } from './lib/load-agents.mjs';
import { seedLoadData } from './lib/load-data.mjs';
import { formatFaultsTable, replaceFaultsSection } from './lib/load-report.mjs';
import { startServe } from './lib/load-server.mjs';
import { migrateDatabase } from './lib/postgres.mjs';
import { startPrivatePostgres } from './lib/private-postgres.mjs';
import { findFreePort } from './lib/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the fault test; resolves to its findings. */
export async function benchFaults({
  users = 300,
  redisUrl = 'redis://127.0.0.1:6379',
  outage = 30,
  log = console.log,
}) {
  const loadAtStart = os.loadavg()[0];
  log('[faults] starting a private PostgreSQL cluster ...');
  const postgres = await startPrivatePostgres();
  // Interrupted (SIGINT, SIGTERM), the private cluster is still stopped and deleted.
  const onSignal = () => {
    postgres.destroy();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convene-faults-'));
  let server;
  let agents;
  try {
    // Made with a short-lived connection: one kept open would be ended by the outage.
    const fresh = await createDatabase(postgres.url, 'convene_bench_faults');
    await migrateDatabase(ROOT, { DATABASE_URL: fresh.url, CONVENE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const data = await seedLoadData(fresh.url, users);
    const port = await findFreePort();
    server = await startServe({ root: ROOT, databaseUrl: fresh.url, redisUrl, workers: 2, dataDir, port });
    agents = await startAgents({ count: 2, base: server.base, maxUsers: users });
    const connected = await agents.target(users);
    log(`[faults] ${connected.connected} people connected to 2 processes; steady load for 15 s ...`);
    await sleep(15_000);

    // 1. kill -9 one of the two processes.
    const [victim] = server.pids();
    const killedAt = Date.now();
    await agents.window(killedAt, killedAt + 30_000);
    process.kill(victim, 'SIGKILL');
    log(`[faults] killed worker ${victim} with SIGKILL; watching 30 s ...`);
    let restartMs = null;
    while (Date.now() - killedAt < 30_000) {
      const pids = server.pids();
      if (restartMs === null && pids.length === 2 && !pids.includes(victim))
        restartMs = Date.now() - killedAt;
      await sleep(100);
    }
    const killStats = await agents.collect();
    const killTimeline = await agents.timeline();
    const kill = {
      victim,
      restartMs,
      recoveryMs: recoveryAfter(killTimeline, killedAt),
      failed: sumFailed(killTimeline, killedAt),
      reconnects: killStats.reconnects,
      socketsConnected: killStats.connectedSockets,
      sockets: killStats.sockets,
      fiveXxCodes: killStats.fiveXxCodes,
      errorKinds: killStats.errorKinds,
    };
    log(`[faults] kill: ${JSON.stringify(kill)}`);

    // 2. PostgreSQL stopped for `outage` seconds.
    const pidsBefore = server.pids().sort();
    const health = [];
    const probing = probeHealth(server.base, health);
    const stoppedAt = Date.now();
    postgres.stop();
    await agents.window(stoppedAt, stoppedAt + outage * 1000);
    log(`[faults] PostgreSQL stopped; ${outage} s ...`);
    await sleep(stoppedAt + outage * 1000 - Date.now());
    const outageStats = await agents.collect();
    const startedAt = Date.now();
    postgres.start();
    log(
      `[faults] PostgreSQL started again (${((Date.now() - startedAt) / 1000).toFixed(1)} s to accept connections); watching 20 s ...`,
    );
    await agents.window(startedAt, startedAt + 20_000);
    await sleep(20_000);
    probing.stop();
    const afterStats = await agents.collect();
    const outageTimeline = await agents.timeline();
    const pidsAfter = server.pids().sort();
    const duringHealth = health.filter((probe) => probe.at >= stoppedAt + 1000 && probe.at < startedAt);
    const database = {
      seconds: outage,
      requests: outageStats.latencies.length,
      statuses: countStatuses(outageStats),
      healthStatuses: tallyBy(duringHealth.map((probe) => probe.status)),
      processesSurvived: pidsBefore.join() === pidsAfter.join() && server.child.exitCode === null,
      recoveryMs: recoveryAfter(outageTimeline, startedAt),
      firstHealthyProbeMs:
        (health.find((probe) => probe.at >= startedAt && probe.status === 200)?.at ?? Number.NaN) - startedAt,
      failedAfterRestart: sumFailed(outageTimeline, startedAt),
      afterStatuses: countStatuses(afterStats),
      socketsConnected: afterStats.connectedSockets,
      sockets: afterStats.sockets,
    };
    log(`[faults] database outage: ${JSON.stringify(database)}`);

    // 3. Every acknowledged write is stored.
    await agents.window(0, 0);
    const writes = await agents.writes();
    await agents.stop();
    agents = undefined;
    const check = await checkWrites(fresh.url, writes);
    log(`[faults] acknowledged writes: ${JSON.stringify(check)}`);
    await server.stop();
    server = undefined;
    return {
      postgres: postgres.version,
      loadAtStart,
      users,
      data,
      kill,
      database,
      writes: check,
    };
  } finally {
    await agents?.stop();
    await server?.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    postgres.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Creates a database on the cluster of `url`; resolves to { url } of it. */
async function createDatabase(url, name) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return { url: fresh.toString() };
}

/** GET /api/health every 250 ms into `into` ({ at, status }; 0 for no answer) until stopped. */
function probeHealth(base, into) {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const at = Date.now();
      const status = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
        .then((response) => response.status)
        .catch(() => 0);
      into.push({ at, status });
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/**
 * Milliseconds from `since` to the end of the last second (after it) in which a request failed;
 * 0 when none did.
 */
function recoveryAfter(timeline, since) {
  const failedSeconds = [...timeline.entries()]
    .filter(([second, bucket]) => (second + 1) * 1000 > since && bucket.failed > 0)
    .map(([second]) => second);
  return failedSeconds.length ? Math.max(0, (Math.max(...failedSeconds) + 1) * 1000 - since) : 0;
}

function sumFailed(timeline, since) {
  return [...timeline.entries()]
    .filter(([second]) => (second + 1) * 1000 > since)
    .reduce((sum, [, bucket]) => sum + bucket.failed, 0);
}

function countStatuses(stats) {
  return {
    ok: stats.ok,
    fiveXx: stats.fiveXxCodes,
    networkErrors: stats.errorKinds,
    other4xx: stats.otherCodes,
  };
}

function tallyBy(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** Looks up every acknowledged message and RSVP answer in the database. */
async function checkWrites(url, writes) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const keys = writes.messages;
    const { rows: found } = await db.query(
      'SELECT client_key FROM messages WHERE client_key = ANY($1::text[])',
      [keys],
    );
    const stored = new Set(found.map((row) => row.client_key));
    const missingMessages = keys.filter((key) => !stored.has(key));

    // Per RSVP: its answers in the order sent. The last one decides when it was acknowledged.
    const byRsvp = new Map();
    for (const answer of writes.rsvps.sort((a, b) => a.at - b.at)) {
      byRsvp.set(answer.rsvpId, [...(byRsvp.get(answer.rsvpId) ?? []), answer]);
    }
    const decided = [...byRsvp.values()].map((answers) => answers.at(-1)).filter((last) => last.acked);
    const ambiguous = [...byRsvp.values()].filter(
      (answers) => !answers.at(-1).acked && answers.some((a) => a.acked),
    );
    const { rows } = await db.query('SELECT id, rsvp FROM user_event_statuses WHERE id = ANY($1::text[])', [
      decided.map((answer) => answer.rsvpId),
    ]);
    const storedRsvp = new Map(rows.map((row) => [row.id, row.rsvp]));
    const wrongRsvps = decided.filter((answer) => storedRsvp.get(answer.rsvpId) !== answer.answer);
    return {
      messagesAcknowledged: keys.length,
      messagesMissing: missingMessages.length,
      rsvpAnswersAcknowledged: writes.rsvps.filter((answer) => answer.acked).length,
      rsvpsChecked: decided.length,
      rsvpsWrong: wrongRsvps.length,
      rsvpsLeftOut: ambiguous.length,
      examples: [...missingMessages.slice(0, 3), ...wrongRsvps.slice(0, 3).map((answer) => answer.rsvpId)],
    };
  } finally {
    await db.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const results = await benchFaults({
      users: Number(option('users', 300)),
      redisUrl: option('redis', process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'),
      outage: Number(option('outage', 30)),
    });
    console.log(`\n${formatFaultsTable(results)}`);
    saveResults({
      root: ROOT,
      results,
      replaceSection: replaceFaultsSection,
      label: 'faults',
      section: 'faults',
    });
    process.exit(0);
  } catch (error) {
    console.error(`[faults] ${error.stack ?? error.message}`);
    process.exit(1);
  }
}
