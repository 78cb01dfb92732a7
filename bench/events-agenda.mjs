// Load test of the agenda (GET /api/events) for the bench user in 20 calendars, next to a bare
// route that runs the same SQL in the same process family and run: the viewer's calendars, the
// keyset page of single events, their rows and the running series (agenda.sql.ts, imported, so
// the two cannot drift). The ratio bare/API is what the API adds: sign-in, validation, series
// expansion, RSVP counts and presentation.
//
//   node bench/events-generate.mjs --url=postgres://postgres@127.0.0.1:5432/convene_bench
//   node bench/events-agenda.mjs --url=postgres://postgres@127.0.0.1:5432/convene_bench \
//     [--duration=10] [--connections=10] [--json=results.json]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, waitForOk } from './lib/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);

function option(name, fallback) {
  const arg = process.argv.find((candidate) => candidate.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

/** Runs the agenda load test against a generated database; resolves to the measurements. */
export async function benchAgenda({ url, duration = 10, connections = 10 }) {
  const [{ default: autocannon }, { default: pg }, { drizzle }, agenda, generator] = await Promise.all([
    import('autocannon'),
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('../server/src/modules/events/agenda.sql.ts'),
    import('./events-generate.mjs'),
  ]);
  const timeMin = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convene-events-bench-'));
  const apiPort = await findFreePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      CONVENE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.log = [];
  server.stdout.on('data', (chunk) => server.log.push(String(chunk)));
  server.stderr.on('data', (chunk) => server.log.push(String(chunk)));
  server.exited = new Promise((resolve) => server.on('exit', resolve));

  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle({ client: pool });
  const bare = http.createServer((_request, response) => {
    (async () => {
      const calendarIds = await agenda.selectViewerCalendarIds(db, generator.benchUserId);
      const cursor = { direction: 'forward', start: new Date(timeMin), key: '' };
      const filter = { calendarIds, bound: null, showDeleted: false, limit: 51 };
      const ids = await agenda.selectSingleEventIds(db, cursor, filter);
      const [items, series] = await Promise.all([
        agenda.selectEvents(db, ids),
        agenda.selectSeries(db, cursor, filter),
      ]);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ items: items.slice(0, 50), series }));
    })().catch((error) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  const barePort = await findFreePort();
  await new Promise((resolve) => bare.listen(barePort, '127.0.0.1', resolve));

  try {
    await waitForOk(`http://127.0.0.1:${apiPort}/api/health`, server);
    const apiUrl = `http://127.0.0.1:${apiPort}/api/events?timeMin=${encodeURIComponent(timeMin)}&maxResults=50`;
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    const headers = { loginToken: generator.benchToken, version: '3.7' };
    const check = await fetch(apiUrl, { headers });
    const page = await check.json();
    if (check.status !== 200 || page.items?.length !== 50) {
      throw new Error(
        `the agenda answered ${check.status} with ${page.items?.length} items: ${JSON.stringify(page).slice(0, 300)}`,
      );
    }
    const run = async (target, extra = {}) => {
      await autocannon({ url: target, connections, duration: 2, ...extra });
      const result = await autocannon({ url: target, connections, duration, ...extra });
      return {
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
    };
    console.log(`[events-bench] autocannon GET /api/events, ${connections} connections, ${duration} s …`);
    const api = await run(apiUrl, { headers });
    console.log(
      `[events-bench] autocannon bare route (same SQL), ${connections} connections, ${duration} s …`,
    );
    const sqlOnly = await run(bareUrl);
    return {
      timeMin,
      connections,
      duration,
      api,
      bare: sqlOnly,
      ratio: sqlOnly.requestsPerSecond / api.requestsPerSecond,
    };
  } finally {
    server.kill('SIGTERM');
    await server.exited;
    await new Promise((resolve) => bare.close(resolve));
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The results as a Markdown table for docs/PERFORMANCE.md. */
export function formatAgendaTable(results) {
  const row = (label, r) =>
    `| ${label} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx + r.errors} |`;
  return [
    `Agenda: GET /api/events (50 items) for a user in 20 calendars; ${results.connections} connections, ${results.duration} s each.`,
    '',
    '| route | requests/s | p50 | p99 | failures |',
    '|---|---|---|---|---|',
    row('GET /api/events', results.api),
    row('bare route, same SQL', results.bare),
    '',
    `The bare route serves ${results.ratio.toFixed(2)}× the API's requests per second.`,
  ].join('\n');
}

if (process.argv[1] === SELF) {
  if (!process.execArgv.some((arg) => arg.includes('tsx'))) {
    const again = spawnSync(process.execPath, ['--import', 'tsx', SELF, ...process.argv.slice(2)], {
      stdio: 'inherit',
    });
    process.exit(again.status ?? 1);
  }
  const url = option('url', 'postgres://postgres@127.0.0.1:5432/convene_bench');
  benchAgenda({
    url,
    duration: Number(option('duration', 10)),
    connections: Number(option('connections', 10)),
  })
    .then((results) => {
      console.log(`\n${formatAgendaTable(results)}`);
      const json = option('json', '');
      if (json) writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
    })
    .catch((error) => {
      console.error(`[events-bench] ${error.message}`);
      process.exit(1);
    });
}
