// Load test of the agenda (GET /api/events, 50 items) for the bench user in 20 calendars, next to
// a bare route that sends PostgreSQL the same queries (bench/lib/agenda-bare.mjs). Each runs in a
// process of its own with a pool of 10 connections; autocannon drives both from this process in
// alternating slices (API, bare, bare, API, …), so that a change in the machine's other load
// falls on both alike. The ratio bare/API is what the API adds on top of its SQL: Fastify,
// request and response validation, series expansion and merge, presentation. Before that load,
// the same alternating slices with one connection give each route's latency alone (the issue's
// "first page ≤ 15 ms at p50 with one connection").
//
//   node bench/events-generate.mjs --url=postgres://postgres@127.0.0.1:5432/convene_bench
//   node bench/events-agenda.mjs --url=postgres://postgres@127.0.0.1:5432/convene_bench \
//     [--duration=20] [--connections=10] [--single-duration=10] [--json=results.json] [--write]
//
// `npm run bench -- --events-url=…` runs both (see bench/run.mjs); --write replaces only the
// agenda section of docs/PERFORMANCE.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServerIfStale, serverArgs } from '../scripts/lib/server-build.mjs';
import { benchToken, generateEventsData } from './events-generate.mjs';
import { option } from './lib/cli.mjs';
import { describeMachine, formatAgendaTable, replaceAgendaSection } from './lib/report.mjs';
import { findFreePort, readCpuMs, waitForOk } from './lib/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WARM_UP_SECONDS = 2;
/** Each route's measured seconds are split into this many slices, alternating with the other's. */
const ROUNDS = 5;
/** A pause after each slice, so that requests it cut off end before the next one (and count in its CPU). */
const PAUSE_MS = 1000;

/** Runs the agenda load test against a generated database; resolves to the measurements. */
export async function benchAgenda({ url, duration = 20, connections = 10, singleDuration = 10 }) {
  const timeMin = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convene-events-bench-'));
  const [apiPort, barePort] = [await findFreePort(), await findFreePort()];
  await buildServerIfStale(ROOT);
  const api = spawnNode(serverArgs('serve'), {
    DATABASE_URL: url,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    CONVENE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
  });
  const bare = spawnNode([
    '--import',
    'tsx',
    'bench/lib/agenda-bare.mjs',
    `--url=${url}`,
    `--port=${barePort}`,
    `--time-min=${timeMin}`,
  ]);
  try {
    const apiUrl = `http://127.0.0.1:${apiPort}/api/events?timeMin=${encodeURIComponent(timeMin)}&maxResults=50`;
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    const headers = { loginToken: benchToken };
    await waitForOk(`http://127.0.0.1:${apiPort}/api/health`, api);
    await waitForOk(bareUrl, bare);
    const page = await checkedJson(apiUrl, headers, (body) => body.items?.length === 50);
    const barePage = await checkedJson(bareUrl, {}, (body) => body.calendars === 20);
    const sample = {
      occurrences: page.items.filter((item) => item.occurrenceId).length,
      seriesRows: barePage.series.length,
      apiBytes: JSON.stringify(page).length,
      bareBytes: JSON.stringify(barePage).length,
    };
    const targets = [
      { url: apiUrl, headers, child: api },
      { url: bareUrl, headers: {}, child: bare },
    ];
    console.log(
      `[events-bench] autocannon: GET /api/events and the bare route, one connection, ` +
        `${singleDuration} s each in ${ROUNDS} alternating slices …`,
    );
    const [apiSingle, bareSingle] = await compare(targets, { connections: 1, duration: singleDuration });
    console.log(
      `[events-bench] autocannon: GET /api/events and the bare route, ${connections} connections, ` +
        `${duration} s each in ${ROUNDS} alternating slices …`,
    );
    const [apiResult, bareResult] = await compare(targets, { connections, duration });
    return {
      timeMin,
      connections,
      duration,
      rounds: ROUNDS,
      postgres: await serverVersion(url),
      calendars: barePage.calendars,
      sample,
      api: apiResult,
      bare: bareResult,
      ratio: bareResult.requestsPerSecond / apiResult.requestsPerSecond,
      single: { duration: singleDuration, api: apiSingle, bare: bareSingle },
    };
  } finally {
    await Promise.all([stopChild(api), stopChild(bare)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Loads each target for `duration` seconds in all, in ROUNDS slices alternating between them
 * (in ABBA order), after a warm-up each; latencies are gathered per response, so the
 * percentiles cover every slice, and the server process's CPU time is read around each slice.
 */
async function compare(targets, { connections, duration }) {
  const load = ({ url, headers }, seconds) => autocannon({ url, headers, connections, duration: seconds });
  const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  for (const target of targets) await load(target, WARM_UP_SECONDS);
  await pause();
  const tallies = targets.map(() => ({
    latencies: [],
    seconds: 0,
    cpuMs: 0,
    non2xx: 0,
    errors: 0,
    loads: [],
  }));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = [...targets.keys()];
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const tally = tallies[index];
      tally.loads.push(os.loadavg()[0]);
      const { child } = targets[index];
      const cpuBefore = readCpuMs(child.pid);
      const instance = load(targets[index], duration / ROUNDS);
      instance.on('response', (_client, _status, _bytes, ms) => tally.latencies.push(ms));
      const result = await instance;
      await pause();
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `${targets[index].url} exited during the load (${child.signalCode ?? `code ${child.exitCode}`}):\n${child.log.join('\n')}`,
        );
      }
      tally.cpuMs += readCpuMs(child.pid) - cpuBefore;
      tally.seconds += result.duration;
      tally.non2xx += result.non2xx;
      tally.errors += result.errors + result.timeouts;
    }
  }
  return tallies.map((tally) => {
    const sorted = tally.latencies.sort((a, b) => a - b);
    const percentile = (p) => Math.round(sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? 0);
    return {
      requestsPerSecond: Math.round((sorted.length / tally.seconds) * 10) / 10,
      p50: percentile(0.5),
      p99: percentile(0.99),
      cpuMsPerRequest: Math.round((tally.cpuMs / sorted.length) * 10) / 10,
      non2xx: tally.non2xx,
      errors: tally.errors,
      loadAverage: tally.loads.reduce((sum, value) => sum + value, 0) / tally.loads.length,
    };
  });
}

/** `node --import tsx …args` from the repository root, keeping its output for error messages. */
function spawnNode(args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.log = [];
  const keep = (chunk) => {
    child.log.push(...String(chunk).split('\n').filter(Boolean));
    child.log.splice(0, Math.max(0, child.log.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.exited = new Promise((resolve) => child.on('exit', resolve));
  return child;
}

async function stopChild(child) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await child.exited;
}

async function checkedJson(url, headers, isExpected) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Reported below.
  }
  if (response.status !== 200 || !body || !isExpected(body)) {
    throw new Error(`${url} answered ${response.status}, not the expected page: ${text.slice(0, 300)}`);
  }
  return body;
}

async function serverVersion(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SHOW server_version');
    return rows[0].server_version.split(' ')[0];
  } finally {
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchAgenda({
    url: option('url', 'postgres://postgres@127.0.0.1:5432/convene_bench'),
    duration: Number(option('duration', 20)),
    connections: Number(option('connections', 10)),
    singleDuration: Number(option('single-duration', 10)),
  })
    .then(async (results) => {
      console.log(`\n${formatAgendaTable(results)}`);
      const json = option('json', '');
      if (json) writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
      if (process.argv.includes('--write')) {
        const data = await generateEventsData({
          url: option('url', 'postgres://postgres@127.0.0.1:5432/convene_bench'),
        });
        replaceAgendaSection(
          path.join(ROOT, 'docs', 'PERFORMANCE.md'),
          { data, run: results },
          describeMachine(ROOT),
        );
        console.log('[events-bench] docs/PERFORMANCE.md: agenda section rewritten');
      }
    })
    .catch((error) => {
      console.error(`[events-bench] ${error.message}`);
      process.exit(1);
    });
}
