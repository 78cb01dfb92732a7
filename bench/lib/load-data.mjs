// The load test's own data set (bench/load.mjs, bench/faults.mjs), seeded in SQL on a migrated
// database: people with sessions, calendars they share, events (a tenth of them weekly series)
// with their owners' RSVPs, and group conversations with some history.
//
// User n (0-based) has id md5('lu' || n) and the login token tokenOf(n). Everyone owns a
// personal calendar (10 events) and belongs to two community calendars of 50 people (300 events
// each over two years around today: the one of their block of 50, and the next block's). Every
// 10 consecutive users share a group conversation of 60 messages: a ramp that activates users
// 0 … N−1 (N a multiple of 10) activates whole groups.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { seedAccountsWithSessions } from './postgres.mjs';

export const GROUP_SIZE = 10;
export const COMMUNITY_SIZE = 50;
const COMMUNITY_EVENTS = 300;
const PERSONAL_EVENTS = 10;
const HISTORY_MESSAGES = 60;

const settings = '{"enableETA":false,"enableNotices":true,"enableChatPushNotifications":true,"order":0}';
const owner = '{"canView":true,"canAdd":true,"canEdit":true,"canShare":true,"isOwner":true}';
const member = '{"canView":true,"canAdd":true,"canEdit":false,"canShare":true,"isOwner":false}';
const location = '{"name":null,"address":null,"coordinates":null,"radius":50,"autoAttendance":false}';
const colors = '{"type":"dynamic","cardColor":"4256c1"}';
const extended = '{"shouldHideDates":false,"shouldHideLocation":false}';

/**
 * The fields the web app's agenda asks for (agendaItemFields in contract/src/events.ts; a contract
 * test keeps the two the same).
 */
const AGENDA_FIELDS =
  'eventId,name,startDate,endDate,isAllDay,parentId,repeatingRule,originatingCalendar,location,' +
  'extendedProperties,hexColor,colorSettings,livestreams,rsvpsStatistics,userEventStatus';
/** GET /api/events as the web app's agenda asks for it, with `more` (a window's edge or a token). */
export const agendaPath = (more) =>
  `/api/events?fields=${AGENDA_FIELDS}&kind=classic&showDeleted=false&maxResults=50&${more}`;

/** The id every generated row of this kind and number gets (a 32-character hex string). */
export const idOf = (text) => createHash('md5').update(text).digest('hex');
/** User n's login token (its SHA-256 is stored as the session's hash). */
export const tokenOf = (n) => `load-bench-token-${String(n).padStart(40, '0')}`;
/** User n's group conversation. */
export const groupOf = (n) => idOf(`lg${Math.floor(n / GROUP_SIZE)}`);

/** Seeds the data set for `users` people (rounded up to whole communities); resolves to its size. */
export async function seedLoadData(url, users) {
  const people = Math.ceil(users / COMMUNITY_SIZE) * COMMUNITY_SIZE;
  const communities = people / COMMUNITY_SIZE;
  const groups = people / GROUP_SIZE;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('BEGIN');
    await seedAccountsWithSessions(db, {
      count: people,
      idPrefix: 'lu',
      sessionPrefix: 'ls',
      name: 'Load User',
      emailPrefix: 'load',
      tokenOf,
    });
    // Personal calendars p0 … p(people−1), then communities k0 … k(communities−1).
    await db.query(
      `INSERT INTO calendars (id, owner_id, name, visibility, is_personal, default_permissions, settings)
       SELECT md5('lp' || n), md5('lu' || n), 'Load User ' || n, 'private', true,
         '{"canView":true,"canAdd":true,"canEdit":false,"canShare":true}'::jsonb, $2::jsonb
       FROM generate_series(0, $1::int - 1) AS n
       UNION ALL
       SELECT md5('lk' || k), md5('lu' || (k * ${COMMUNITY_SIZE})), 'Community ' || k, 'private', false,
         '{"canView":true,"canAdd":true,"canEdit":false,"canShare":true}'::jsonb, $2::jsonb
       FROM generate_series(0, $3::int - 1) AS k`,
      [people, settings, communities],
    );
    await db.query(
      `INSERT INTO calendar_members (id, calendar_id, user_id, email, name, role, permissions, is_confirmed, settings)
       SELECT md5('lmp' || n), md5('lp' || n), md5('lu' || n), 'load' || n || '@bench.example', 'Load User ' || n,
         'owner', $2::jsonb, true, $4::jsonb
       FROM generate_series(0, $1::int - 1) AS n
       UNION ALL
       SELECT md5('lmk' || n), md5('lk' || (n / ${COMMUNITY_SIZE})), md5('lu' || n), 'load' || n || '@bench.example',
         'Load User ' || n, CASE WHEN n % ${COMMUNITY_SIZE} = 0 THEN 'owner' ELSE 'member' END,
         CASE WHEN n % ${COMMUNITY_SIZE} = 0 THEN $2::jsonb ELSE $3::jsonb END, true, $4::jsonb
       FROM generate_series(0, $1::int - 1) AS n
       UNION ALL
       SELECT md5('lmj' || n), md5('lk' || ((n / ${COMMUNITY_SIZE} + 1) % $5)), md5('lu' || n),
         'load' || n || '@bench.example', 'Load User ' || n, 'member', $3::jsonb, true, $4::jsonb
       FROM generate_series(0, $1::int - 1) AS n
       WHERE $5 > 1`,
      [people, owner, member, settings, communities],
    );
    // Community events: one every ~2.4 days over two years, each 10th a weekly series without
    // end; personal events: ten over the coming month. Owners are the calendars' owners.
    await db.query(
      `INSERT INTO events (id, calendar_id, owner_id, name, start_date, end_date, start_timezone, end_timezone,
         location, color_settings, extended_properties, repeating_rule)
       SELECT md5('lek' || k || '-' || i), md5('lk' || k), md5('lu' || (k * ${COMMUNITY_SIZE})),
         'Community ' || k || ' event ' || i, start, start + interval '2 hours',
         'Europe/Bucharest', 'Europe/Bucharest', $2::jsonb, $3::jsonb, $4::jsonb,
         CASE WHEN i % 10 = 0 THEN 'FREQ=WEEKLY' END
       FROM (
         SELECT k, i, date_trunc('hour', now()) - interval '365 days'
           + ((i * 7919 + k * 104729) % (730 * 24)) * interval '1 hour' AS start
         FROM generate_series(0, $1::int - 1) AS k, generate_series(0, ${COMMUNITY_EVENTS - 1}) AS i
       ) AS g
       UNION ALL
       SELECT md5('lep' || n || '-' || i), md5('lp' || n), md5('lu' || n), 'Personal ' || n || ' event ' || i,
         start, start + interval '1 hour', 'Europe/Bucharest', 'Europe/Bucharest', $2::jsonb, $3::jsonb, $4::jsonb,
         NULL
       FROM (
         SELECT n, i, date_trunc('hour', now()) + ((n * 31 + i * 67) % (30 * 24)) * interval '1 hour' AS start
         FROM generate_series(0, $5::int - 1) AS n, generate_series(0, ${PERSONAL_EVENTS - 1}) AS i
       ) AS p`,
      [communities, location, colors, extended, people],
    );
    await db.query(
      `INSERT INTO user_event_statuses (id, event_id, user_id, email, name, group_id, rsvp, event_start, event_is_series)
       SELECT md5('lr' || e.id), e.id, e.owner_id, e.owner_id || '@owner.bench', 'Owner', e.calendar_id,
         'attending', e.start_date, e.repeating_rule IS NOT NULL
       FROM events e`,
    );
    await db.query(
      `INSERT INTO conversations (id, type, name, created_by_id, last_seq)
       SELECT md5('lg' || g), 'group', 'Group ' || g, md5('lu' || (g * ${GROUP_SIZE})), ${HISTORY_MESSAGES}
       FROM generate_series(0, $1::int - 1) AS g`,
      [groups],
    );
    await db.query(
      `INSERT INTO conversation_participants (id, conversation_id, user_id, role, last_read_seq)
       SELECT md5('lcp' || n), md5('lg' || (n / ${GROUP_SIZE})), md5('lu' || n),
         CASE WHEN n % ${GROUP_SIZE} = 0 THEN 'owner' ELSE 'participant' END, ${HISTORY_MESSAGES}
       FROM generate_series(0, $1::int - 1) AS n`,
      [people],
    );
    await db.query(
      `INSERT INTO messages (id, conversation_id, seq, sender_id, type, message, created_at, updated_at)
       SELECT md5('lm' || g || '-' || s), md5('lg' || g), s, md5('lu' || (g * ${GROUP_SIZE} + s % ${GROUP_SIZE})),
         'message', 'Earlier message ' || s, now() - ((${HISTORY_MESSAGES} - s) * interval '10 minutes'),
         now() - ((${HISTORY_MESSAGES} - s) * interval '10 minutes')
       FROM generate_series(0, $1::int - 1) AS g, generate_series(1, ${HISTORY_MESSAGES}) AS s`,
      [groups],
    );
    await db.query('COMMIT');
    await db.query('VACUUM (ANALYZE)');
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM accounts)::int AS users, (SELECT count(*) FROM calendars)::int AS calendars,
         (SELECT count(*) FROM events)::int AS events,
         (SELECT count(*) FROM events WHERE repeating_rule IS NOT NULL)::int AS series,
         (SELECT count(*) FROM conversations)::int AS conversations,
         (SELECT count(*) FROM messages)::int AS messages`,
    );
    return rows[0];
  } finally {
    await db.end();
  }
}
