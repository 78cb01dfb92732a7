// What each request of the load test's mix costs, one kind at a time: the server's CPU and
// PostgreSQL's CPU per request, the time a request takes with four at once, and the answer's
// size. The load test (bench/load.mjs) says how many people the machine serves; this says which
// request to make cheaper first.
//
//   node bench/endpoints.mjs [--url=postgres://postgres@127.0.0.1:5432/postgres] [--requests=1000]
//     [--json=results.json] [--only=agenda] [--profile=DIR] [--postgres=private [--list-statements]]
//
// --postgres=private runs on a private PostgreSQL cluster the bench creates and deletes, with
// pg_stat_statements loaded, and adds how many statements each request sent (each one a round
// trip that wakes a PostgreSQL backend; BEGIN and COMMIT count); --list-statements also prints,
// for each kind, its statements (their first words) and how many of each a request sent.
//
// --only keeps the kinds whose name contains that text; --profile writes the server's V8 CPU
// profile into DIR when it stops (open it in Chrome's DevTools or speedscope).
// It runs on a fresh database on the server of --url (created, migrated, seeded with the load
// test's data set for 500 people, dropped afterwards) and the built server (one process) on a
// free port. Each kind gets 200 requests to warm up, then --requests measured ones, four at a
// time; PostgreSQL's CPU counts every postgres process on the machine, so run it on a quiet one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { option } from './lib/cli.mjs';
import { agendaPath, groupOf, seedLoadData, tokenOf } from './lib/load-data.mjs';
import { startServe } from './lib/load-server.mjs';
import { createFreshDatabase, migrateDatabase } from './lib/postgres.mjs';
import { startPrivatePostgres } from './lib/private-postgres.mjs';
import { findFreePort, postgresCpu, postgresCpuBetween, readCpuMs } from './lib/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PEOPLE = 500;
const AT_ONCE = 4;
const WARM_UP = 200;

const url = option('url', 'postgres://postgres@127.0.0.1:5432/postgres');
const measured = Number(option('requests', '1000'));
if (!Number.isInteger(measured) || measured < AT_ONCE) {
  console.error('[endpoints] --requests must be a whole number ≥ 4');
  process.exit(2);
}

const cluster =
  option('postgres', 'shared') === 'private'
    ? await startPrivatePostgres({ preload: ['pg_stat_statements'] })
    : null;
const fresh = await createFreshDatabase(cluster?.url ?? url, 'convene_bench_endpoints');
if (fresh.error) {
  cluster?.destroy();
  console.error(`[endpoints] PostgreSQL at ${url} cannot be reached: ${fresh.error}`);
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'convene-endpoints-'));
let server = null;
try {
  await migrateDatabase(ROOT, { DATABASE_URL: fresh.url, CONVENE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const data = await seedLoadData(fresh.url, PEOPLE);
  server = await startServe({
    root: ROOT,
    databaseUrl: fresh.url,
    workers: 1,
    dataDir,
    port: await findFreePort(),
    profileDir: option('profile', null) ?? undefined,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE * 2 });
  /** One request as user n; resolves to { status, text }. */
  const request = (n, method, route, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = { loginToken: tokenOf(n) };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      const req = http.request(`${server.base}${route}`, { method, agent, headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      req.on('error', reject);
      req.end(payload);
    });
  const json = async (...args) => JSON.parse((await request(...args)).text);

  // The requests of the load test's minute (bench/load-agent.mjs), each person their own.
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const from = agendaPath(`timeMin=${encodeURIComponent(today.toISOString())}`);
  const people = Array.from({ length: PEOPLE }, (_, n) => n);
  const firstPages = await Promise.all(people.slice(0, 50).map((n) => json(n, 'GET', from)));
  const eventOf = (n) => encodeURIComponent(firstPages[n % 50].items[3].eventId);
  const pageOf = (n) => encodeURIComponent(firstPages[n % 50].nextPageToken);
  const rsvpIds = await Promise.all(
    people
      .slice(0, 50)
      .map(
        async (n) => (await json(n, 'GET', `/api/events/${eventOf(n)}/userEventStatus`)).userEventStatusId,
      ),
  );
  let sent = 0;
  const kinds = {
    'agenda (from today)': (n) => request(n, 'GET', from),
    'agenda (before today)': (n) =>
      request(n, 'GET', agendaPath(`timeMax=${encodeURIComponent(today.toISOString())}`)),
    'agenda page': (n) => request(n % 50, 'GET', agendaPath(`pageToken=${pageOf(n)}`)),
    event: (n) => request(n % 50, 'GET', `/api/events/${eventOf(n)}`),
    'own RSVP': (n) => request(n % 50, 'GET', `/api/events/${eventOf(n)}/userEventStatus`),
    attendees: (n) =>
      request(n % 50, 'GET', `/api/events/${eventOf(n)}/userEventStatuses?resultsPerPage=10&skipNumber=0`),
    'RSVP answer': (n) =>
      request(n % 50, 'PUT', `/api/userEventStatuses/${rsvpIds[n % 50]}`, {
        statuses: { rsvp: n % 2 ? 'attending' : 'notAttending' },
      }),
    activity: (n) => request(n, 'GET', '/api/notification/history?skipNumber=0&resultsPerPage=50'),
    'chat list': (n) => request(n, 'GET', '/api/conversations?skip=0&limit=20'),
    'chat read': (n) => request(n, 'GET', `/api/conversations/${groupOf(n)}/messages?skip=0&limit=20`),
    'chat send': (n) => {
      sent += 1;
      return request(n, 'POST', `/api/conversations/${groupOf(n)}/messages`, {
        message: `Endpoint bench ${sent}`,
        clientKey: `E${n}-${sent}`,
      });
    },
    'health (no sign-in, SELECT 1)': () => request(0, 'GET', '/api/health'),
  };
  const [pid] = server.pids();
  const statements = cluster ? await statementCounter(fresh.url) : null;
  const results = { data, requests: measured, atOnce: AT_ONCE, kinds: [] };
  const only = option('only', '');
  for (const [kind, send] of Object.entries(kinds).filter(([name]) => name.includes(only))) {
    let n = 0;
    const run = async (count) => {
      let failed = 0;
      let size = 0;
      for (let done = 0; done < count; done += AT_ONCE) {
        const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => send(n++ % PEOPLE)));
        for (const answer of answers) {
          if (answer.status >= 400) failed += 1;
          size = answer.text.length;
        }
      }
      return { failed, size };
    };
    await run(WARM_UP);
    await statements?.reset();
    const serverBefore = readCpuMs(pid);
    const postgresBefore = postgresCpu();
    const started = performance.now();
    const { failed, size } = await run(measured);
    const wallMs = performance.now() - started;
    const row = {
      kind,
      serverMs: (readCpuMs(pid) - serverBefore) / measured,
      postgresMs: postgresCpuBetween(postgresBefore, postgresCpu()) / measured,
      wallMs: (wallMs * AT_ONCE) / measured,
      bytes: size,
      failed,
      ...(statements ? { statements: (await statements.count()) / measured } : {}),
    };
    if (statements && process.argv.includes('--list-statements')) {
      for (const { calls, query } of await statements.list()) {
        console.log(`  ${(calls / measured).toFixed(2)} × ${query.replace(/\s+/g, ' ').slice(0, 140)}`);
      }
    }
    results.kinds.push(row);
    console.log(
      `[endpoints] ${kind}: server ${row.serverMs.toFixed(2)} ms, PostgreSQL ${row.postgresMs.toFixed(2)} ms${statements ? `, ${row.statements.toFixed(1)} statements` : ''} per request${failed ? `, ${failed} FAILED` : ''}`,
    );
  }
  console.log(
    `\n| request | server CPU per request | PostgreSQL CPU per request | time (${AT_ONCE} at once) | answer |${statements ? ' statements |' : ''}\n|---|---|---|---|---|${statements ? '---|' : ''}`,
  );
  for (const row of results.kinds) {
    console.log(
      `| ${row.kind} | ${row.serverMs.toFixed(2)} ms | ${row.postgresMs.toFixed(2)} ms | ${row.wallMs.toFixed(1)} ms | ${(row.bytes / 1024).toFixed(1)} KiB |${statements ? ` ${row.statements.toFixed(1)} |` : ''}`,
    );
  }
  await statements?.close();
  const jsonFile = option('json', null);
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2));
  if (results.kinds.some((row) => row.failed > 0)) process.exitCode = 1;
} finally {
  await server?.stop();
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
  cluster?.destroy();
}

/**
 * Statements the bench database ran since the last reset, from pg_stat_statements (every
 * statement of every backend, the outbox's rounds included; this counter's own are left out).
 */
async function statementCounter(databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const mine = "query NOT LIKE '%pg_stat_statements%'";
  const ours = `dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND ${mine}`;
  return {
    reset: () => client.query('SELECT pg_stat_statements_reset()'),
    async count() {
      const { rows } = await client.query(
        `SELECT coalesce(sum(calls), 0)::int AS calls FROM pg_stat_statements WHERE ${ours}`,
      );
      return rows[0].calls;
    },
    /** Each statement since the reset with its calls, most called first. */
    async list() {
      const { rows } = await client.query(
        `SELECT calls::int, query FROM pg_stat_statements WHERE ${ours} ORDER BY calls DESC, query`,
      );
      return rows;
    },
    close: () => client.end(),
  };
}
