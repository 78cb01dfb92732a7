// Load test (issue 17, point 3): simulated people on loopback, each with a Socket.IO connection
// and the web app's requests for a minute's mix of actions (bench/load-agent.mjs), ramping up
// in steps until one breaks Mattermost's published health thresholds — average request time
// < 100 ms, p99 < 2 s, 5xx < 0.025 % — or realtime delivery falls behind (fewer than 99 % of
// the chat messages reach the other participants' sockets within the step, or their p99 ≥ 2 s;
// network errors count with the 5xx). First with one server process, then with WORKERS=2.
//
// It runs on a fresh database on the server of --url (created, migrated, seeded with its own data
// set — bench/lib/load-data.mjs — and dropped afterwards), the built server on a free port, and a
// generator of --agents processes on the same machine; PostgreSQL and the generator share the
// machine's cores with the server, and the table shows each one's CPU share.
//
//   node bench/load.mjs --url=postgres://postgres@127.0.0.1:5432/postgres \
//     [--postgres=shared|private|private-batch]
//     [--users=250,500,1000,1500,2000,3000] [--processes=1,2] [--hold=30] [--warm-up=10]
//     [--agents=2] [--redis=redis://127.0.0.1:6379] [--json=results.json] [--write]
//     [--profile=DIR]   (each server process writes a CPU profile into DIR as it stops)
//   npm run bench -- --load-users=250,500,1000 [--load-url=…] [--load-processes=1,2] …
//
// --postgres=private runs on a private PostgreSQL cluster the bench creates and deletes
// (bench/lib/private-postgres.mjs) instead of the server of --url; private-batch runs that
// cluster under SCHED_BATCH, as docs/DEPLOY.md advises where the server shares its cores with
// PostgreSQL (a backend woken by a query no longer preempts the server's event loop).
//
// Each step connects the new people's sockets, lets them act for --warm-up seconds, then
// measures for --hold seconds (every request started in that window, and every message sent
// in it, delivered within 3 s after it). With the defaults the whole ramp (both set-ups) takes
// at most about 10 minutes, and stops early at the first unhealthy step. --write replaces the
// load section of docs/PERFORMANCE.md.
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { option, saveResults } from './lib/cli.mjs';
import { startAgents } from './lib/load-agents.mjs';
import { seedLoadData } from './lib/load-data.mjs';
import { formatLoadTable, judgeStep, replaceLoadSection } from './lib/load-report.mjs';
import { startServe } from './lib/load-server.mjs';
import { createFreshDatabase, migrateDatabase } from './lib/postgres.mjs';
import { startPrivatePostgres } from './lib/private-postgres.mjs';
import { findFreePort, postgresCpu, postgresCpuBetween, readCpuMs } from './lib/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** After a window ends, how long deliveries of its messages (and its slow requests) may take. */
const GRACE_MS = 3000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What to undo when the bench is interrupted (SIGINT, SIGTERM, a timeout): the server it started
 * and the database it created; the generator's processes end with their IPC channel.
 */
const onInterrupt = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    for (const undo of [...onInterrupt].reverse()) await undo().catch(() => undefined);
    process.exit(130);
  });
}

/** Runs the ramp for one server set-up; resolves to its steps (stopping at the first unhealthy one). */
async function rampOne({ databaseUrl, redisUrl, workers, steps, hold, warmUp, agentCount, profileDir, log }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convene-load-'));
  const port = await findFreePort();
  const server = await startServe({ root: ROOT, databaseUrl, redisUrl, workers, dataDir, port, profileDir });
  const stopServer = () => server.stop();
  onInterrupt.add(stopServer);
  const maxUsers = Math.max(...steps);
  const agents = await startAgents({ count: agentCount, base: server.base, maxUsers });
  const results = [];
  try {
    for (const users of steps) {
      const connectStart = Date.now();
      const connected = await agents.target(users);
      const connectSeconds = (Date.now() - connectStart) / 1000;
      log(
        `[load] ${workers} process${workers > 1 ? 'es' : ''}: ${connected.connected} sockets (${connected.failed} failed) in ${connectSeconds.toFixed(1)} s; warming up ${warmUp} s ...`,
      );
      await sleep(warmUp * 1000);
      const start = Date.now();
      const end = start + hold * 1000;
      await agents.window(start, end);
      const cpu = { server: serverCpu(server), agents: agents.cpuMs() };
      const postgresBefore = postgresCpu();
      const load = os.loadavg()[0];
      await sleep(end - Date.now());
      const cpuAfter = { server: serverCpu(server), agents: agents.cpuMs() };
      const postgresMs = postgresCpuBetween(postgresBefore, postgresCpu());
      await sleep(GRACE_MS);
      const stats = await agents.collect();
      const wallMs = end - start;
      const share = (key) => Math.round(((cpuAfter[key] - cpu[key]) / wallMs) * 100);
      const step = judgeStep({
        users,
        workers,
        stats,
        hold,
        load,
        connectSeconds,
        connectFailed: connected.failed,
        cpu: {
          server: share('server'),
          agents: share('agents'),
          postgres: Math.round((postgresMs / wallMs) * 100),
          serverMsPerRequest: Number(
            ((cpuAfter.server - cpu.server) / Math.max(1, stats.latencies.length)).toFixed(1),
          ),
        },
      });
      results.push(step);
      log(`[load] ${formatStepLine(step)}`);
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        const { code, signal } = await server.child.exited;
        throw new Error(
          `the server exited during the step (code ${code}, signal ${signal}); its last output:\n${server.log.join('\n')}`,
        );
      }
      if (!step.healthy) break;
    }
  } finally {
    await agents.stop();
    await server.stop();
    onInterrupt.delete(stopServer);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { workers, steps: results, serverErrors: server.counts.errors };
}

function serverCpu(server) {
  return server.pids().reduce((sum, pid) => sum + (readCpuMs(pid) ?? 0), 0);
}

function formatStepLine(step) {
  return (
    `${step.users} users: ${step.requestsPerSecond} req/s, average ${step.average} ms, p99 ${step.p99} ms, ` +
    `5xx+errors ${step.failurePercent} %, delivery ${step.delivered}/${step.expectedDeliveries} p99 ${step.deliveryP99} ms, ` +
    `CPU server ${step.cpu.server} % agents ${step.cpu.agents} % postgres ${step.cpu.postgres} % (of one core), ` +
    `load ${step.load.toFixed(1)} → ${step.healthy ? 'healthy' : `UNHEALTHY (${step.broken.join(', ')})`}`
  );
}

/** Runs the whole load test; resolves to its results. */
export async function benchLoad({
  url,
  postgres = 'shared',
  redisUrl = 'redis://127.0.0.1:6379',
  steps = [250, 500, 1000, 1500, 2000, 3000],
  processes = [1, 2],
  hold = 30,
  warmUp = 10,
  agentCount = 2,
  profileDir,
  log = console.log,
}) {
  if (!['shared', 'private', 'private-batch'].includes(postgres)) {
    throw new Error('--postgres is shared, private or private-batch');
  }
  const loadAtStart = os.loadavg()[0];
  let cluster = null;
  if (postgres !== 'shared') {
    log(
      `[load] starting a private PostgreSQL cluster${postgres === 'private-batch' ? ' under SCHED_BATCH' : ''} ...`,
    );
    cluster = await startPrivatePostgres({ batch: postgres === 'private-batch' });
  }
  const destroyCluster = async () => cluster?.destroy();
  onInterrupt.add(destroyCluster);
  const fresh = await createFreshDatabase(cluster?.url ?? url, 'convene_bench_load');
  if (fresh.error) {
    await destroyCluster();
    throw new Error(`PostgreSQL at the load URL did not answer: ${fresh.error}`);
  }
  const drop = () => fresh.drop();
  onInterrupt.add(drop);
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'convene-load-migrate-'));
    try {
      await migrateDatabase(ROOT, { DATABASE_URL: fresh.url, CONVENE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const maxUsers = Math.max(...steps);
    log(`[load] seeding the data set for ${maxUsers} people ...`);
    const seedStart = Date.now();
    const data = await seedLoadData(fresh.url, maxUsers);
    log(`[load] seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s: ${JSON.stringify(data)}`);
    const runs = [];
    for (const workers of processes) {
      runs.push(
        await rampOne({
          databaseUrl: fresh.url,
          redisUrl,
          workers,
          steps,
          hold,
          warmUp,
          agentCount,
          profileDir,
          log,
        }),
      );
    }
    return {
      postgres: fresh.version,
      postgresSetup: postgres,
      loadAtStart,
      data,
      steps,
      hold,
      warmUp,
      agents: agentCount,
      runs,
    };
  } finally {
    onInterrupt.delete(drop);
    await fresh.drop();
    onInterrupt.delete(destroyCluster);
    await destroyCluster();
  }
}

/** A comma-separated list of positive integers, in increasing order. */
function parseCounts(value, name) {
  const counts = String(value).split(',').map(Number);
  if (!counts.every((count) => Number.isInteger(count) && count >= 1)) {
    throw new Error(`--${name} needs positive whole numbers, e.g. 250,500,1000`);
  }
  return counts.sort((a, b) => a - b);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const results = await benchLoad({
      url: option('url', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
      postgres: option('postgres', 'shared'),
      redisUrl: option('redis', process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'),
      steps: parseCounts(option('users', '250,500,1000,1500,2000,3000'), 'users'),
      processes: parseCounts(option('processes', '1,2'), 'processes'),
      hold: Number(option('hold', 30)),
      warmUp: Number(option('warm-up', 10)),
      agentCount: Number(option('agents', 2)),
      profileDir: option('profile', undefined),
    });
    console.log(`\n${formatLoadTable(results)}`);
    saveResults({ root: ROOT, results, replaceSection: replaceLoadSection, label: 'load', section: 'load' });
    process.exit(0);
  } catch (error) {
    console.error(`[load] ${error.stack ?? error.message}`);
    process.exit(1);
  }
}
