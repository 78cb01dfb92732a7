// `npm run bench`: measures start-up time, idle memory (embedded database and, when a PostgreSQL
// server answers, PostgreSQL), the web app's JavaScript per route, the first screens in a slowed
// down Chromium, and a small HTTP load; given a PostgreSQL URL for it, also the agenda's
// throughput next to a bare route running the same SQL on 1,000,000 events; prints a table and
// records it in docs/PERFORMANCE.md.
//
//   npm run bench                          5 starts, 10 s idle, 5 s load; writes docs/PERFORMANCE.md
//   npm run bench -- --runs=5 --idle=30 --load=0 --no-write --no-browser --no-postgres
//   npm run bench -- --events-url=postgres://postgres@127.0.0.1:5432/convene_bench
//       [--events-duration=20] [--events-connections=10]   (or BENCH_DATABASE_URL=… npm run bench)
//   npm run bench -- --chat-url=postgres://postgres@127.0.0.1:5432/postgres
//       [--chat-clients=1000] [--chat-conversations=200] [--chat-big-group=500] [--chat-senders=200]
//       [--chat-duration=60] [--chat-depth-messages=100000]
//       (the chat part, bench/chat.mjs, on a fresh database on that server)
//   npm run bench -- [--streams-viewers=1,10,25,50] [--streams-seconds=15] | --no-streams
//       (the live streams part, bench/streams.mjs: one stream through the embedded SFU)
//   npm run bench -- --load-users=250,500,1000,1500,2000,3000 [--load-url=postgres://…/postgres]
//       [--load-postgres=shared|private|private-batch]
//       [--load-processes=1,2] [--load-hold=30] [--load-warm-up=10] [--load-agents=2]
//       (the load test, bench/load.mjs: a ramp of simulated people until a health threshold breaks)
//   npm run bench -- --faults [--faults-users=300] [--faults-outage=30]
//       (the fault test, bench/faults.mjs: kill -9 a worker, stop a private PostgreSQL for 30 s)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkBenchServer, generateEventsData } from './events-generate.mjs';
import { createFreshDatabase, memoryDatabaseUrl } from './lib/postgres.mjs';
import { describeMachine, formatTable, renderPerformanceDoc } from './lib/report.mjs';
import {
  findFreePort,
  findServerPid,
  readRss,
  START_COMMANDS,
  spawnStart,
  stop,
  waitForOk,
} from './lib/server.mjs';
import { browserTimings, routeWeights } from './lib/web.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = path.join(ROOT, 'docs', 'PERFORMANCE.md');
const WEB_DIST = path.join(ROOT, 'web', 'dist');

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
    await measureRestarts(results, env, healthUrl, options.runs);
    for (let run = 1; run <= options.runs; run += 1) {
      const isLast = run === options.runs;
      const since = performance.now();
      const child = spawnStart(ROOT, env);
      results.startMs.push(await waitForOk(healthUrl, child, { since }));
      console.log(`[bench] start ${run}/${options.runs}: ${seconds(results.startMs.at(-1))}`);
      const serverPid = findServerPid(child.pid);
      if (isLast) {
        await measureRunningServer(results, serverPid, child, options);
        if (options.browser) results.browser = await measureBrowser(`http://127.0.0.1:${port}`);
        await loadServer(results, serverPid, healthUrl, options);
      }
      results.stopMs = await stop(child, serverPid);
    }
    results.web = routeWeights(WEB_DIST);
    if (options.postgres) results.postgres = await measurePostgresMemory(options);
    results.agenda = await benchAgendaIfAsked(options);
    results.chat = await benchChatIfAsked(options);
    results.streams = await benchStreamsUnlessSkipped(options);
    results.loadTest = await benchLoadIfAsked(options);
    results.faults = await benchFaultsIfAsked(options);
    report(results, options, loadAtStart);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm start` as people type it, and the server alone (`node server/dist/main.js serve`, no
 * checks), each `runs` times, in turns so that other load on the machine falls on both alike.
 */
async function measureRestarts(results, env, healthUrl, runs) {
  results.npmStartMs = [];
  results.serverAloneMs = [];
  for (let run = 1; run <= runs; run += 1) {
    for (const [name, times] of [
      ['npmStart', results.npmStartMs],
      ['serverAlone', results.serverAloneMs],
    ]) {
      const since = performance.now();
      const child = spawnStart(ROOT, env, START_COMMANDS[name]);
      times.push(await waitForOk(healthUrl, child, { since }));
      await stop(child, findServerPid(child.pid));
    }
    console.log(
      `[bench] restart ${run}/${runs}: npm start ${seconds(results.npmStartMs.at(-1))}, server alone ${seconds(results.serverAloneMs.at(-1))}`,
    );
  }
}

/** Memory right after start and after idling (RSS, and the server's own split of it). */
async function measureRunningServer(results, serverPid, child, options) {
  if (!serverPid) throw new Error('could not find the server process under scripts/start.mjs');
  results.rssAtStart = readRss(serverPid);
  console.log(`[bench] idling ${options.idle} s ...`);
  await new Promise((resolve) => setTimeout(resolve, options.idle * 1000));
  results.rssIdle = readRss(serverPid);
  results.memoryIdle = child.memory;
}

/** A short autocannon load on GET /api/health (when --load is not 0), and the RSS after it. */
async function loadServer(results, serverPid, url, options) {
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
 * Server memory on PostgreSQL: a fresh database on the server of BENCH_DATABASE_URL (default:
 * the local test server), a first start that migrates it, then a start that idles as the
 * embedded one did; the database is dropped afterwards. Null when no server answers.
 */
async function measurePostgresMemory(options) {
  const base = memoryDatabaseUrl();
  const fresh = await createFreshDatabase(base);
  if (fresh.error) {
    console.log(`[bench] PostgreSQL memory skipped: ${redact(base)} did not answer (${fresh.error}).`);
    return null;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convene-bench-pg-'));
  try {
    const port = await findFreePort();
    const env = { ...benchEnv(dataDir, port), DATABASE_URL: fresh.url };
    const url = `http://127.0.0.1:${port}/api/health`;
    console.log(`[bench] PostgreSQL ${fresh.version}: migrating the fresh database ${fresh.name} ...`);
    const first = spawnStart(ROOT, env);
    await waitForOk(url, first);
    await stop(first, findServerPid(first.pid));
    const since = performance.now();
    const child = spawnStart(ROOT, env);
    const startMs = await waitForOk(url, child, { since });
    const serverPid = findServerPid(child.pid);
    const results = { startMs, version: fresh.version };
    await measureRunningServer(results, serverPid, child, options);
    await stop(child, serverPid);
    console.log(`[bench] PostgreSQL: start ${seconds(startMs)}, RSS after idle ${mb(results.rssIdle)}`);
    return results;
  } finally {
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The first screens in Chromium (4× CPU slowdown): signs up a bench user through the API (with
 * a few calendars, so the list has something to show) and times /login and / signed in.
 */
async function measureBrowser(baseUrl) {
  const { ensureChromium, CHROMIUM_PATH } = await import('../scripts/lib/chromium.mjs');
  const chromium = await ensureChromium();
  if (!chromium.ok) {
    console.log(`[bench] browser timings skipped: ${chromium.message}`);
    return null;
  }
  console.log('[bench] Chromium, 4× CPU slowdown: sign-in form and calendars list ...');
  const storage = await signUpBenchUser(baseUrl);
  return browserTimings({ baseUrl, distDir: WEB_DIST, storage, executablePath: CHROMIUM_PATH });
}

/**
 * Registers a user (solving the bot check) and creates three calendars; returns what the web app
 * keeps in localStorage for a signed-in visit (the account with its login token).
 */
async function signUpBenchUser(baseUrl) {
  // altcha-lib is the server's dependency (server/node_modules), solved as the server's tests do.
  const fromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
  const load = (name) => import(pathToFileURL(fromServer.resolve(name)).href);
  const { solveChallenge } = await load('altcha-lib');
  const { deriveKey } = await load('altcha-lib/algorithms/pbkdf2');
  const challenge = await (await fetch(`${baseUrl}/api/captcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const recaptchaCode = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench User',
      email: `bench.${Date.now()}@example.com`,
      password: 'bench-pass-1',
      recaptchaCode,
    }),
  });
  if (!registered.ok)
    throw new Error(`bench sign-up failed: ${registered.status} ${await registered.text()}`);
  const account = await registered.json();
  for (const name of ['Family', 'Book club', 'Running']) {
    const created = await fetch(`${baseUrl}/api/calendar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', loginToken: account.loginToken },
      body: JSON.stringify({ name }),
    });
    if (!created.ok) throw new Error(`bench calendar failed: ${created.status} ${await created.text()}`);
  }
  return { 'convene.account': JSON.stringify(account) };
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

/**
 * With --chat-url: the chat benchmark in a process of its own (bench/chat.mjs), read from its
 * JSON. Without: says so, and docs/PERFORMANCE.md keeps its earlier chat numbers.
 */
async function benchChatIfAsked(options) {
  if (!options.chatUrl) {
    console.log(
      '[bench] chat benchmark skipped: run it with `npm run bench -- --chat-url=postgres://USER@HOST:5432/postgres`; ' +
        'docs/PERFORMANCE.md keeps its earlier chat numbers.',
    );
    return undefined;
  }
  console.log(`[bench] chat: on a fresh database on ${redact(options.chatUrl)} ...`);
  const tmp = mkdtempSync(path.join(tmpdir(), 'convene-bench-chat-'));
  try {
    const json = path.join(tmp, 'chat.json');
    const args = [
      'bench/chat.mjs',
      `--url=${options.chatUrl}`,
      `--clients=${options.chatClients}`,
      `--conversations=${options.chatConversations}`,
      `--big-group=${options.chatBigGroup}`,
      `--senders=${options.chatSenders}`,
      `--duration=${options.chatDuration}`,
      `--depth-messages=${options.chatDepthMessages}`,
      `--json=${json}`,
    ];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    if (code !== 0 || !existsSync(json)) throw new Error(`the chat benchmark failed (exit code ${code})`);
    return JSON.parse(readFileSync(json, 'utf8'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The live streams benchmark in a process of its own (bench/streams.mjs, which prints its own
 * table), read from its JSON; skipped with --no-streams.
 */
async function benchStreamsUnlessSkipped(options) {
  if (!options.streams) {
    console.log(
      '[bench] streams benchmark skipped (--no-streams); docs/PERFORMANCE.md keeps its earlier numbers.',
    );
    return undefined;
  }
  console.log('[bench] streams: one 640×360 stream through the embedded SFU ...');
  const tmp = mkdtempSync(path.join(tmpdir(), 'convene-bench-streams-'));
  try {
    const json = path.join(tmp, 'streams.json');
    const args = [
      'bench/streams.mjs',
      `--viewers=${options.streamsViewers}`,
      `--seconds=${options.streamsSeconds}`,
      `--json=${json}`,
    ];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    if (code !== 0 || !existsSync(json)) throw new Error(`the streams benchmark failed (exit code ${code})`);
    return JSON.parse(readFileSync(json, 'utf8'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * With --load-users: the load test's ramp in a process of its own (bench/load.mjs), read from
 * its JSON. Without: says so, and docs/PERFORMANCE.md keeps its earlier load numbers.
 */
async function benchLoadIfAsked(options) {
  if (!options.loadUsers) {
    console.log(
      '[bench] load test skipped: run it with `npm run bench -- --load-users=250,500,1000,1500,2000,3000`; ' +
        'docs/PERFORMANCE.md keeps its earlier load numbers.',
    );
    return undefined;
  }
  console.log(`[bench] load test: ${options.loadUsers} active users on ${redact(options.loadUrl)} ...`);
  return runJsonChild('load', [
    'bench/load.mjs',
    `--url=${options.loadUrl}`,
    `--postgres=${options.loadPostgres}`,
    `--users=${options.loadUsers}`,
    `--processes=${options.loadProcesses}`,
    `--hold=${options.loadHold}`,
    `--warm-up=${options.loadWarmUp}`,
    `--agents=${options.loadAgents}`,
  ]);
}

/** With --faults: the fault test in a process of its own (bench/faults.mjs), read from its JSON. */
async function benchFaultsIfAsked(options) {
  if (!options.faults) {
    console.log(
      '[bench] fault test skipped: run it with `npm run bench -- --faults`; docs/PERFORMANCE.md keeps its earlier findings.',
    );
    return undefined;
  }
  console.log('[bench] fault test: kill -9 a worker, stop a private PostgreSQL cluster ...');
  return runJsonChild('faults', [
    'bench/faults.mjs',
    `--users=${options.faultsUsers}`,
    `--outage=${options.faultsOutage}`,
  ]);
}

/** Runs `node <args> --json=<tmp>` in the repository, output shown; resolves to its JSON. */
async function runJsonChild(name, args) {
  const tmp = mkdtempSync(path.join(tmpdir(), `convene-bench-${name}-`));
  try {
    const json = path.join(tmp, `${name}.json`);
    const child = spawn(process.execPath, [...args, `--json=${json}`], { cwd: ROOT, stdio: 'inherit' });
    const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    if (code !== 0 || !existsSync(json)) throw new Error(`the ${name} benchmark failed (exit code ${code})`);
    return JSON.parse(readFileSync(json, 'utf8'));
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

/**
 * The server's environment: the embedded database in a throw-away data dir, one process, its
 * memory logged every second (DEBUG_MEMORY_MS), a cheap bot check for the bench's sign-up.
 */
function benchEnv(dataDir, port) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CONVENE_DATA_DIR: dataDir,
    DEBUG_MEMORY_MS: '1000',
    LOG_LEVEL: 'info',
    ALTCHA_COST: '20',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'WEB_DIST']) delete env[name];
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
    runs: Math.max(1, number('runs', 5)),
    idle: number('idle', 10),
    load: number('load', 5),
    write: !args.includes('--no-write'),
    browser: !args.includes('--no-browser'),
    postgres: !args.includes('--no-postgres'),
    eventsUrl: eventsUrl(text('events-url') ?? process.env.BENCH_DATABASE_URL),
    eventsDuration: Math.max(1, number('events-duration', 20)),
    eventsConnections: Math.max(1, number('events-connections', 10)),
    chatUrl: text('chat-url') ?? null,
    chatClients: Math.max(2, number('chat-clients', 1000)),
    chatConversations: Math.max(1, number('chat-conversations', 200)),
    chatBigGroup: Math.max(2, number('chat-big-group', Math.ceil(number('chat-clients', 1000) / 2))),
    chatSenders: Math.max(1, number('chat-senders', 200)),
    chatDuration: Math.max(1, number('chat-duration', 60)),
    chatDepthMessages: Math.max(20, number('chat-depth-messages', 100_000)),
    streams: !args.includes('--no-streams'),
    streamsViewers: streamsViewers(text('streams-viewers') ?? '1,10,25,50'),
    streamsSeconds: Math.max(1, number('streams-seconds', 15)),
    loadUsers: text('load-users') ? countList(text('load-users'), 'load-users') : null,
    loadUrl:
      text('load-url') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    loadPostgres: text('load-postgres') ?? 'shared',
    loadProcesses: countList(text('load-processes') ?? '1,2', 'load-processes'),
    loadHold: Math.max(5, number('load-hold', 30)),
    loadWarmUp: number('load-warm-up', 10),
    loadAgents: Math.max(1, number('load-agents', 2)),
    faults: args.includes('--faults'),
    faultsUsers: Math.max(10, number('faults-users', 300)),
    faultsOutage: Math.max(1, number('faults-outage', 30)),
  };
}

/** A comma-separated list of positive whole numbers (--load-users, --load-processes). */
function countList(value, name) {
  const counts = value.split(',').map(Number);
  if (!counts.every((count) => Number.isInteger(count) && count >= 1)) {
    throw new Error(`--${name} needs positive whole numbers, e.g. 250,500,1000`);
  }
  return counts.join(',');
}

/** --streams-viewers: a comma-separated list of viewer counts. */
function streamsViewers(value) {
  const counts = value.split(',').map(Number);
  if (!counts.every((count) => Number.isInteger(count) && count >= 1)) {
    throw new Error('--streams-viewers needs viewer counts, e.g. 1,10,25,50');
  }
  return counts.join(',');
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

function mb(bytes) {
  return `${Math.round(bytes / 2 ** 20)} MB`;
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

main().catch((error) => {
  console.error(`[bench] ${error.message}`);
  process.exit(1);
});
