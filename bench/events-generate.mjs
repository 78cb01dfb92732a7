// Generates the events benchmark's data on PostgreSQL: 10,000 users, 50,000 calendars (the first
// 10,000 personal), 1,000,000 events over two years around the time of generation, spread evenly
// over the calendars (20 each), a tenth of each calendar's events recurring (one weekly without
// end, one daily for 30 days), with their owners' RSVPs, and a signed-in bench user who is in 20
// calendars (the 5 they own and 15 they joined). Everything is INSERT … SELECT over
// generate_series: no row crosses the wire.
//
//   node bench/events-generate.mjs --url=postgres://postgres@127.0.0.1:5432/convene_bench
//   node bench/events-generate.mjs --url=… --users=1000 --calendars=5000 --events=100000 --fresh
//
// A database already generated with the same sizes (its row counts and the note left on it
// match) is reused as it is; any other content is dropped and generated again, which is why the
// database's name must contain "bench". --fresh always regenerates. Migrations run through the
// server's own CLI.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServerIfStale, serverArgs } from '../scripts/lib/server-build.mjs';
import { option } from './lib/cli.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The bench user's login token (its SHA-256 is stored, as for any session). */
export const benchToken = 'bench-agenda-login-token-0000000000000000';
/** The bench user's id: md5('u1'), like every generated id a 32-character hex string. */
export const benchUserId = createHash('md5').update('u1').digest('hex');

const settings = '{"enableETA":false,"enableNotices":true,"enableChatPushNotifications":true,"order":0}';
const owner = '{"canView":true,"canAdd":true,"canEdit":true,"canShare":true,"isOwner":true}';
const member = '{"canView":true,"canAdd":false,"canEdit":false,"canShare":false,"isOwner":false}';

/** Bumped whenever the generated data changes shape, so an older database is not reused. */
const SHAPE = 2;

/**
 * Generates the data set unless a matching one is there already; resolves to its size, whether it
 * was generated now, and when and in how many seconds it was generated.
 */
export async function generateEventsData({
  url,
  users = 10_000,
  calendars = 50_000,
  events = 1_000_000,
  fresh = false,
}) {
  const name = databaseName(url);
  const wanted = { shape: SHAPE, users, calendars, events };
  if (!fresh) {
    const existing = await readExisting(url, wanted);
    if (existing) {
      console.log(
        `[events-bench] ${name} already holds this data set (generated ${existing.generatedAt}); reusing it`,
      );
      return { ...existing, generated: false };
    }
  }
  const since = performance.now();
  await recreateDatabase(url);
  await migrate(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fill(client, wanted);
    const size = await countRows(client);
    const generatedAt = new Date().toISOString();
    const seconds = Math.round((performance.now() - since) / 100) / 10;
    const note = { ...wanted, generatedAt, seconds };
    await client.query(`COMMENT ON DATABASE ${name} IS '${JSON.stringify(note)}'`);
    console.log(`[events-bench] generated ${name} in ${seconds} s`);
    return { ...size, generatedAt, seconds, generated: true };
  } finally {
    await client.end();
  }
}

/** Fails early when the URL's database name is not a bench one or its server cannot be reached. */
export async function checkBenchServer(url) {
  databaseName(url);
  try {
    await withAdmin(url, (admin) => admin.query('SELECT 1'));
  } catch (error) {
    throw new Error(`cannot reach PostgreSQL's postgres database at ${new URL(url).host}: ${error.message}`);
  }
}

/** The database's name from its URL; only a plain name holding "bench" (it may be dropped). */
function databaseName(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name "${name}" must be a plain identifier`);
  if (!name.includes('bench')) {
    throw new Error(`database name "${name}" must contain "bench": the generator drops and recreates it`);
  }
  return name;
}

/** The generated data's size and note when the database exists and matches `wanted`, else null. */
async function readExisting(url, wanted) {
  const name = databaseName(url);
  const note = await withAdmin(url, async (admin) => {
    const { rows } = await admin.query(
      `SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = $1`,
      [name],
    );
    return rows.length === 0 ? null : parseNote(rows[0].note);
  });
  if (!note || ['shape', 'users', 'calendars', 'events'].some((key) => note[key] !== wanted[key]))
    return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const size = await countRows(client);
    const expected = {
      users: wanted.users,
      calendars: wanted.calendars,
      events: wanted.events,
      recurring: recurringCount(wanted),
      benchCalendars: 20,
      benchSessions: 1,
    };
    const matches = Object.entries(expected).every(([key, value]) => size[key] === value);
    return matches ? { ...size, generatedAt: note.generatedAt, seconds: note.seconds } : null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** How many of the events fill() makes recurring: rounds 0 and 10 of every 20 per calendar. */
function recurringCount({ calendars, events }) {
  let count = 0;
  for (let round = 0; round * calendars < events; round += 1) {
    if (round % 10 === 0) count += Math.min(calendars, events - round * calendars);
  }
  return count;
}

function parseNote(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Row counts that describe the data set (the bench user's calendars included). */
async function countRows(client) {
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM accounts)::int AS users,
       (SELECT count(*) FROM calendars)::int AS calendars,
       (SELECT count(*) FROM events)::int AS events,
       (SELECT count(*) FROM events WHERE repeating_rule IS NOT NULL)::int AS recurring,
       (SELECT count(*) FROM calendar_members WHERE user_id = $1 AND is_confirmed)::int AS "benchCalendars",
       (SELECT count(*) FROM sessions WHERE account_id = $1)::int AS "benchSessions",
       (SELECT count(*) FROM events e JOIN calendar_members m ON m.calendar_id = e.calendar_id
         WHERE m.user_id = $1 AND m.is_confirmed)::int AS "benchEvents",
       (SELECT count(*) FROM events e JOIN calendar_members m ON m.calendar_id = e.calendar_id
         WHERE m.user_id = $1 AND m.is_confirmed AND e.repeating_rule IS NOT NULL)::int AS "benchSeries"`,
    [benchUserId],
  );
  return rows[0];
}

async function fill(client, { users, calendars, events }) {
  const step = async (label, text, params = []) => {
    const since = performance.now();
    const result = await client.query(text, params);
    console.log(
      `[events-bench] ${label}: ${result.rowCount ?? ''} in ${((performance.now() - since) / 1000).toFixed(1)} s`,
    );
  };
  await step(
    'users',
    `INSERT INTO accounts (id, name, email, status)
     SELECT md5('u' || n), 'Bench User ' || n, 'bench' || n || '@bench.example', 'active'
     FROM generate_series(1, $1::int) AS n`,
    [users],
  );
  await step(
    'calendars',
    `INSERT INTO calendars (id, owner_id, name, visibility, is_personal, default_permissions, settings)
     SELECT md5('c' || n), md5('u' || ((n - 1) % $1 + 1)),
       CASE WHEN n <= $1 THEN 'Bench User ' || n ELSE 'Calendar ' || n END, 'private', n <= $1,
       '{"canView":true,"canAdd":true,"canEdit":false,"canShare":true}', $3::jsonb
     FROM generate_series(1, $2::int) AS n`,
    [users, calendars, settings],
  );
  await step(
    'owners',
    `INSERT INTO calendar_members (id, calendar_id, user_id, email, name, role, permissions, is_confirmed, settings)
     SELECT md5('m' || n), md5('c' || n), md5('u' || ((n - 1) % $1 + 1)),
       'bench' || ((n - 1) % $1 + 1) || '@bench.example', 'Bench User', 'owner', $3::jsonb, true, $4::jsonb
     FROM generate_series(1, $2::int) AS n`,
    [users, calendars, owner, settings],
  );
  // Every user owns calendars/users (5) and joins two more; the bench user joins 15: 20 in all.
  await step(
    'memberships',
    `INSERT INTO calendar_members (id, calendar_id, user_id, email, name, role, permissions, is_confirmed, settings)
     SELECT md5('j' || u || '-' || j), md5('c' || ($1 + 1 + (u * 7919 + j * 104729) % ($2 - $1))),
       md5('u' || u), 'bench' || u || '@bench.example', 'Bench User', 'member', $3::jsonb, true, $4::jsonb
     FROM generate_series(2, $1::int) AS u, generate_series(1, 2) AS j
     UNION ALL
     SELECT md5('b' || k), md5('c' || ($1 + 1 + k * 7)), md5('u1'), 'bench1@bench.example', 'Bench User',
       'member', $3::jsonb, true, $4::jsonb
     FROM generate_series(1, 15) AS k
     ON CONFLICT DO NOTHING`,
    [users, calendars, member, settings],
  );
  // Event n goes to calendar c in round r (each calendar gets one event per round). Rounds 0 and
  // 10 of every 20 are series (weekly without end, daily for 30 days), so every calendar, the
  // bench user's included, holds a tenth recurring events; starts are scattered over two years.
  await step(
    'events',
    `INSERT INTO events (id, calendar_id, owner_id, name, start_date, end_date, start_timezone, end_timezone,
       location, color_settings, extended_properties, repeating_rule, series_until)
     SELECT md5('e' || n), md5('c' || c), md5('u' || ((c - 1) % $2 + 1)), 'Event ' || n,
       start, start + interval '1 hour', 'Europe/Bucharest', 'Europe/Bucharest',
       '{"name":null,"address":null,"coordinates":null,"radius":50,"autoAttendance":false}',
       '{"type":"dynamic","cardColor":"4256c1"}', '{"shouldHideDates":false,"shouldHideLocation":false}',
       CASE r % 20 WHEN 0 THEN 'FREQ=WEEKLY' WHEN 10 THEN 'FREQ=DAILY;COUNT=30' END,
       CASE r % 20 WHEN 10 THEN start + interval '29 days' END
     FROM (
       SELECT n, (n - 1) % $3 + 1 AS c, (n - 1) / $3 AS r,
         date_trunc('hour', now()) - interval '365 days' + ((n::bigint * 7919) % (730 * 96)) * interval '15 minutes' AS start
       FROM generate_series(1, $1::int) AS n
     ) AS g`,
    [events, users, calendars],
  );
  await step(
    'owner RSVPs',
    `INSERT INTO user_event_statuses (id, event_id, user_id, email, name, group_id, rsvp, event_start, event_is_series)
     SELECT md5('r' || e.id), e.id, e.owner_id, e.owner_id || '@owner.bench', 'Owner', e.calendar_id, 'attending',
       e.start_date, e.repeating_rule IS NOT NULL
     FROM events e`,
  );
  await step(
    'bench session',
    `INSERT INTO sessions (id, account_id, token_hash) VALUES (md5('bench-session'), md5('u1'), $1)
     ON CONFLICT DO NOTHING`,
    [createHash('sha256').update(benchToken).digest('hex')],
  );
  // VACUUM too: it sets the visibility map and leaves autovacuum nothing to do during the load.
  await step('vacuum analyze', 'VACUUM (ANALYZE)');
}

/** Drops the database if it exists and creates it empty. */
async function recreateDatabase(url) {
  const name = databaseName(url);
  await withAdmin(url, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
}

/** Runs `work` with a client on the server's `postgres` database. */
async function withAdmin(url, work) {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function migrate(url) {
  await buildServerIfStale(ROOT);
  const result = spawnSync(process.execPath, serverArgs('migrate'), {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('migrations failed');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = option('url', 'postgres://postgres@127.0.0.1:5432/convene_bench');
  generateEventsData({
    url,
    users: Number(option('users', 10_000)),
    calendars: Number(option('calendars', 50_000)),
    events: Number(option('events', 1_000_000)),
    fresh: process.argv.includes('--fresh'),
  })
    .then((result) => console.log(`[events-bench] ${JSON.stringify(result)}`))
    .catch((error) => {
      console.error(`[events-bench] ${error.message}`);
      process.exit(1);
    });
}
