// `npm run bench`: measures start-up time, idle memory and a small HTTP load on the embedded
// database, prints a table and records it in docs/PERFORMANCE.md.
//
//   npm run bench                          3 starts, 10 s idle, 5 s load; writes docs/PERFORMANCE.md
//   npm run bench -- --runs=5 --idle=30 --load=0 --no-write
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { describeMachine, formatTable, renderPerformanceDoc } from './lib/report.mjs';
import { findFreePort, findServerPid, readRss, spawnStart, stop, waitForOk } from './lib/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = path.join(ROOT, 'docs', 'PERFORMANCE.md');

async function main() {
  const options = parseOptions(process.argv.slice(2));
  warnIfBusy();
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
    report(results, options);
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

function report(results, options) {
  const machine = describeMachine(ROOT);
  console.log(`\n${formatTable(results)}`);
  if (!options.write) return;
  writeFileSync(DOC, renderPerformanceDoc(results, machine));
  console.log(`\n[bench] wrote ${path.relative(ROOT, DOC)}`);
}

function warnIfBusy() {
  const [load] = os.loadavg();
  const cores = os.cpus().length;
  if (load > cores)
    console.warn(`[bench] load average ${load.toFixed(1)} exceeds ${cores} cores: expect slow numbers.`);
}

/** The server's environment: the embedded database in a throw-away data dir, one process. */
function benchEnv(dataDir, port) {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', CONVENE_DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) delete env[name];
  return env;
}

function parseOptions(args) {
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
  };
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

main().catch((error) => {
  console.error(`[bench] ${error.message}`);
  process.exit(1);
});
