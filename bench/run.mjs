// `npm run bench`: measures start-up time, idle memory and a small HTTP load on the embedded
// database and, given a PostgreSQL server, the agenda's throughput next to a bare route running
// the same SQL on 1,000,000 events; prints a table and records it in docs/PERFORMANCE.md.
//
//   npm run bench                          3 starts, 10 s idle, 5 s load; writes docs/PERFORMANCE.md
//   npm run bench -- --runs=5 --idle=30 --load=0 --no-write
//   npm run bench -- --events-url=postgres://postgres@127.0.0.1:5432/convene_bench
//       [--events-duration=20] [--events-connections=10]   (or BENCH_DATABASE_URL=… npm run bench)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { checkBenchServer, generateEventsData } from './events-generate.mjs';
import { describeMachine, formatTable, renderPerformanceDoc } from './lib/report.mjs';
import { findFreePort, findServerPid, readRss, spawnStart, stop, waitForOk } from './lib/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = path.join(ROOT, 'docs', 'PERFORMANCE.md');

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const loadAtStart = warnIfBusy();
  if (options.eventsUrl) await checkBenchServer(options.eventsUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convene-bench-'));
  const port = await findFreePort();
  const env = benchEnv(dataDir, port);
  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  try {
    console.log(`[bench] preparing: first start migrates a fresh data dir (${dataDir}) ...`);
    const first = spawnStart(ROOT, env);
    const firstMs = await waitForOk(healthUrl, first);
    await stop(first, findServerPid(first.pid));
    console.log(`[bench] first start (install check, build check, migration) took ${seconds(firstMs)}`);

    const results = { firstStartMs: firstMs, startMs: [], options };
    for (let run = 1; run <= options.runs; run += 1) {
      const isLast = run === options.runs;
      const since = performance.now();
      const child = spawnStart(ROOT, env);
      results.startMs.push(await waitForOk(healthUrl, child, { since }));
      console.log(`[bench] start ${run}/${options.runs}: ${seconds(results.startMs.at(-1))}`);
      const serverPid = findServerPid(child.pid);
      if (isLast) await measureRunningServer(results, serverPid, healthUrl, options);
      results.stopMs = await stop(child, serverPid);
    }
    results.agenda = await benchAgendaIfAsked(options);
    report(results, options, loadAtStart);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Memory right after start and after idling, then (optionally) a short autocannon load. */
async function measureRunningServer(results, serverPid, url, options) {
  if (!serverPid) throw new Error('could not find the server process under scripts/start.mjs');
  results.rssAtStart = readRss(serverPid);
  console.log(`[bench] idling ${options.idle} s ...`);
  await new Promise((resolve) => setTimeout(resolve, options.idle * 1000));
  results.rssIdle = readRss(serverPid);
  if (options.load > 0) {
    console.log(`[bench] autocannon GET /api/health, 10 connections, ${options.load} s ...`);
    const { default: autocannon } = await import('autocannon');
    const load = await autocannon({ url, connections: 10, duration: options.load });
    results.load = {
      requestsPerSecond: load.requests.average,
      p50: load.latency.p50,
      p99: load.latency.p99,
      non2xx: load.non2xx,
      errors: load.errors,
    };
    results.rssAfterLoad = readRss(serverPid);
  }
}

/**
 * With a PostgreSQL URL: generates the events data set (or reuses it), then runs the agenda load
 * test in a process of its own (bench/events-agenda.mjs) and reads its JSON. Without: says so.
 */
async function benchAgendaIfAsked(options) {
  if (!options.eventsUrl) {
    console.log(
      '[bench] agenda benchmark skipped: no PostgreSQL URL. Run it with ' +
        '`npm run bench -- --events-url=postgres://USER@HOST:5432/convene_bench` (or set BENCH_DATABASE_URL); ' +
        'docs/PERFORMANCE.md keeps its earlier agenda numbers.',
    );
    return undefined;
  }
  console.log(`[bench] agenda: events data set on ${redact(options.eventsUrl)} ...`);
  const data = await generateEventsData({ url: options.eventsUrl });
  const tmp = mkdtempSync(path.join(tmpdir(), 'convene-bench-agenda-'));
  try {
    const json = path.join(tmp, 'agenda.json');
    const args = [
      'bench/events-agenda.mjs',
      `--url=${options.eventsUrl}`,
      `--duration=${options.eventsDuration}`,
      `--connections=${options.eventsConnections}`,
      `--json=${json}`,
    ];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    if (code !== 0 || !existsSync(json)) throw new Error(`the agenda benchmark failed (exit code ${code})`);
    return { data, run: JSON.parse(readFileSync(json, 'utf8')) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function report(results, options, loadAtStart) {
  // The page reports the load average when the bench began, not when it ended.
  const machine = { ...describeMachine(ROOT), load: loadAtStart.toFixed(1) };
  console.log(`\n${formatTable(results)}`);
  if (!options.write) return;
  const previous = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
  writeFileSync(DOC, renderPerformanceDoc(results, machine, previous));
  console.log(`\n[bench] wrote ${path.relative(ROOT, DOC)}`);
}

/** Warns when other work already loads the machine; returns the 1-minute load average. */
function warnIfBusy() {
  const [load] = os.loadavg();
  const cores = os.cpus().length;
  if (load > cores)
    console.warn(`[bench] load average ${load.toFixed(1)} exceeds ${cores} cores: expect slow numbers.`);
  return load;
}

/** The server's environment: the embedded database in a throw-away data dir, one process. */
function benchEnv(dataDir, port) {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', CONVENE_DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) delete env[name];
  return env;
}

function parseOptions(args) {
  const text = (name) => args.find((candidate) => candidate.startsWith(`--${name}=`))?.slice(name.length + 3);
  const number = (name, fallback) => {
    const arg = args.find((candidate) => candidate.startsWith(`--${name}=`));
    const value = arg ? Number(arg.split('=')[1]) : fallback;
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a number`);
    return value;
  };
  return {
    runs: Math.max(1, number('runs', 3)),
    idle: number('idle', 10),
    load: number('load', 5),
    write: !args.includes('--no-write'),
    eventsUrl: eventsUrl(text('events-url') ?? process.env.BENCH_DATABASE_URL),
    eventsDuration: Math.max(1, number('events-duration', 20)),
    eventsConnections: Math.max(1, number('events-connections', 10)),
  };
}

/** The agenda's database URL; without a database name it is `convene_bench` on that server. */
function eventsUrl(value) {
  if (!value) return null;
  const url = new URL(value);
  if (url.pathname === '' || url.pathname === '/') url.pathname = '/convene_bench';
  return url.toString();
}

function redact(value) {
  const url = new URL(value);
  if (url.password) url.password = '***';
  return url.toString();
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

main().catch((error) => {
  console.error(`[bench] ${error.message}`);
  process.exit(1);
});
