// The agenda benchmark's bare route, in a process of its own like the API server: a plain
// node:http server that sends PostgreSQL the same queries as GET /api/events, through the
// server's own query functions (imported, so the two cannot drift), for the bench user, and
// answers the raw rows as JSON. Nothing else: no Fastify, no request or response validation,
// no series expansion or merge, no presentation.
//
//   node --import tsx bench/lib/agenda-bare.mjs --url=postgres://… --port=4100 --time-min=2026-…Z
import http from 'node:http';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { selectCandidates, viewerCalendars } from '../../server/src/modules/events/agenda.sql.ts';
import { loadViewContext, rootItem } from '../../server/src/modules/events/events.presenter.ts';
import { findViewerByToken } from '../../server/src/platform/sessions.ts';
import { benchToken } from '../events-generate.mjs';

/** The server's default session lifetime (SESSION_IDLE_DAYS=30, SESSION_MAX_DAYS=90). */
const lifetime = { idleMs: 30 * 86_400_000, maxMs: 90 * 86_400_000 };

/** The page size the benchmark asks the API for (GET /api/events?maxResults=50). */
const PAGE = 50;

function option(name) {
  const arg = process.argv.find((candidate) => candidate.startsWith(`--${name}=`));
  if (!arg) throw new Error(`--${name}= is required`);
  return arg.slice(name.length + 3);
}

const timeMin = new Date(option('time-min'));
// The same pool size as the server's (server/src/db/connect.ts).
const pool = new pg.Pool({ connectionString: option('url'), max: 10 });
const db = drizzle({ client: pool });

/**
 * One agenda page's queries in the order of the API (the auth hook, then listPage in
 * agenda.service.ts): the session, the page's candidates (single events, running series and
 * their exceptions, in one statement), then the view context. The view context is loaded for
 * the page's single events and every running series, a superset of the API's roots, since the
 * bare route does not merge.
 */
async function page() {
  const viewer = await findViewerByToken(db, benchToken, lifetime);
  if (!viewer) throw new Error('the bench session is missing');
  const cursor = { direction: 'forward', start: timeMin, key: '' };
  const filter = {
    calendars: viewerCalendars(viewer.account.id),
    bound: null,
    showDeleted: false,
    limit: PAGE + 1,
  };
  const { singles, series, exceptions } = await selectCandidates(db, cursor, filter);
  const items = singles.slice(0, PAGE);
  const context = await loadViewContext(db, viewer.account.id, [...items, ...series].map(rootItem));
  return {
    // The calendars the candidates come from (the API reads the viewer's calendars inside the
    // candidates statement, not as a list): all 20 of the bench user's, each holding series.
    calendars: new Set([...singles, ...series].map((row) => row.calendarId)).size,
    items,
    series,
    exceptions,
    statistics: Object.fromEntries(context.statistics),
    mine: Object.fromEntries(context.mine),
    owners: Object.fromEntries(context.owners),
    calendarRows: Object.fromEntries(context.calendars),
  };
}

const server = http.createServer((_request, response) => {
  page()
    .then((body) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    })
    .catch((error) => {
      response.statusCode = 500;
      response.end(String(error));
    });
});

server.listen(Number(option('port')), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  pool.end().then(() => process.exit(0));
});
