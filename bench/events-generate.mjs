// Generates the events benchmark's data on PostgreSQL: 10,000 users, 50,000 calendars (the first
// 10,000 personal), 1,000,000 events over two years around now (a tenth recurring: half weekly
// without end, half daily for 30 days) with their owners' RSVPs, and a signed-in bench user who
// is in 20 calendars (the 5 they own and 15 they joined). Everything is INSERT … SELECT over
// generate_series: no row crosses the wire.
//
//   node bench/events-generate.mjs --url=postgres://postgres@127.0.0.1:5432/convene_bench
//   node bench/events-generate.mjs --url=… --users=1000 --calendars=5000 --events=100000 --fresh
//
// --fresh drops and recreates the database first; without it an already generated database is
// left alone. Migrations run through the server's own CLI.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The bench user's login token (its SHA-256 is stored, as for any session). */
export const benchToken = 'bench-agenda-login-token-0000000000000000';
/** The bench user's id: md5('u1'), like every generated id a 32-character hex string. */
export const benchUserId = createHash('md5').update('u1').digest('hex');

const settings = '{"enableETA":false,"enableNotices":true,"enableChatPushNotifications":true,"order":0}';
const owner = '{"canView":true,"canAdd":true,"canEdit":true,"canShare":true,"isOwner":true}';
const member = '{"canView":true,"canAdd":false,"canEdit":false,"canShare":false,"isOwner":false}';

/** Generates the data set unless it is there already; resolves to what it did. */
export async function generateEventsData({
  url,
  users = 10_000,
  calendars = 50_000,
  events = 1_000_000,
  fresh = false,
}) {
  await ensureDatabase(url, fresh);
  migrate(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM events');
    if (rows[0].n >= events) {
      console.log(
        `[events-bench] ${rows[0].n} events already there; keeping them (use --fresh to regenerate)`,
      );
      return { generated: false };
    }
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
    await step(
      'events',
      `INSERT INTO events (id, calendar_id, owner_id, name, start_date, end_date, start_timezone, end_timezone,
         location, color_settings, extended_properties, repeating_rule, series_until)
       SELECT md5('e' || n), md5('c' || c), md5('u' || ((c - 1) % $2 + 1)), 'Event ' || n,
         start, start + interval '1 hour', 'Europe/Bucharest', 'Europe/Bucharest',
         '{"name":null,"address":null,"coordinates":null,"radius":50,"autoAttendance":false}',
         '{"type":"dynamic","cardColor":"4256c1"}', '{"shouldHideDates":false,"shouldHideLocation":false}',
         CASE WHEN n % 20 = 0 THEN 'FREQ=WEEKLY' WHEN n % 10 = 0 THEN 'FREQ=DAILY;COUNT=30' END,
         CASE WHEN n % 20 <> 0 AND n % 10 = 0 THEN start + interval '29 days' END
       FROM (
         SELECT n, (n - 1) % $3 + 1 AS c,
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
    await step('analyze', 'ANALYZE');
    return { generated: true };
  } finally {
    await client.end();
  }
}

async function ensureDatabase(url, fresh) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name} must be a plain identifier`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

function migrate(url) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'migrate'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('migrations failed');
}

function option(name, fallback) {
  const arg = process.argv.find((candidate) => candidate.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = option('url', 'postgres://postgres@127.0.0.1:5432/convene_bench');
  generateEventsData({
    url,
    users: Number(option('users', 10_000)),
    calendars: Number(option('calendars', 50_000)),
    events: Number(option('events', 1_000_000)),
    fresh: process.argv.includes('--fresh'),
  }).catch((error) => {
    console.error(`[events-bench] ${error.message}`);
    process.exit(1);
  });
}
