// Turns benchmark results into a console table and the docs/PERFORMANCE.md page.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import {
  FAULTS_MARKERS,
  FAULTS_NOT_MEASURED,
  LOAD_MARKERS,
  LOAD_NOT_MEASURED,
  renderFaultsSection,
  renderLoadSection,
} from './load-report.mjs';

/** Facts about the machine and checkout the numbers were taken on. */
export function describeMachine(root) {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString().slice(0, 10),
    cpu: cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU',
    cores: cpus.length,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GB`,
    system: `${os.type()} ${os.release()}`,
    node: process.version,
    commit: gitCommit(root),
    load: os.loadavg()[0].toFixed(1),
  };
}

/** The measurements as [label, value] rows. */
export function rows(results) {
  const starts = results.startMs;
  const list = [
    ['first start on a fresh data dir (migrations)', seconds(results.firstStartMs)],
    ...restartRows(results),
    [
      `start → first 200 of GET /api/health, median of ${starts.length}`,
      `${seconds(median(starts))} (runs: ${starts.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`,
    ],
    ['server RSS at first answer', megabytes(results.rssAtStart)],
    [`server RSS after ${results.options.idle} s idle`, megabytes(results.rssIdle)],
    ['… of which (process.memoryUsage)', memorySplit(results.memoryIdle)],
  ];
  if (results.postgres) {
    const pg = results.postgres;
    list.push([`PostgreSQL ${pg.version}: start → first 200 (one run)`, seconds(pg.startMs)]);
    list.push([`PostgreSQL: server RSS after ${results.options.idle} s idle`, megabytes(pg.rssIdle)]);
    list.push(['… of which (process.memoryUsage)', memorySplit(pg.memoryIdle)]);
  }
  if (results.browser) {
    const { signIn, calendars } = results.browser;
    list.push([
      `Chromium 4× CPU slowdown: sign-in form drawn, median of ${signIn.length}`,
      browserValue(signIn),
    ]);
    list.push([
      `Chromium 4× CPU slowdown: calendars list drawn, median of ${calendars.length}`,
      browserValue(calendars),
    ]);
  }
  if (results.web) {
    for (const route of results.web.routes.filter((r) => FIRST_PAGES.includes(r.route))) {
      list.push([`JavaScript for ${route.route} (gzip)`, kib(route.gzip)]);
    }
    list.push(['JavaScript for the heaviest route (gzip)', heaviest(results.web)]);
  }
  if (results.load) {
    const { requestsPerSecond, p50, p99, non2xx, errors } = results.load;
    const problems = non2xx + errors > 0 ? `, ${non2xx} non-2xx, ${errors} errors` : '';
    list.push([
      `GET /api/health, 10 connections, ${results.options.load} s (autocannon)`,
      `${Math.round(requestsPerSecond)} req/s, p50 ${p50} ms, p99 ${p99} ms${problems}`,
    ]);
    list.push(['server RSS after the load', megabytes(results.rssAfterLoad)]);
  }
  list.push(['graceful stop (SIGTERM → exit)', seconds(results.stopMs)]);
  return list;
}

/** `npm start` on a checkout that needs nothing, beside the server alone (when measured). */
function restartRows({ npmStartMs, serverAloneMs }) {
  if (!npmStartMs?.length || !serverAloneMs?.length) return [];
  const runs = (times) =>
    `${seconds(median(times))} (runs: ${times.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`;
  return [
    [
      `\`npm start\` (a restart) → first 200 of GET /api/health, median of ${npmStartMs.length}`,
      runs(npmStartMs),
    ],
    [
      `the server alone (\`node server/dist/main.js serve\`) → first 200, median of ${serverAloneMs.length}`,
      runs(serverAloneMs),
    ],
  ];
}

/** The routes the issue names as first pages (sign-in, the calendars list). */
const FIRST_PAGES = ['/login (sign-in)', '/ (calendars list)'];

/** "heap 60 MB (used 45) · WASM 130 MB · rest 90 MB": where the RSS goes, by the server's own count. */
function memorySplit(memory) {
  if (!memory) return 'n/a';
  const rest = memory.rss - memory.heapTotal - memory.wasm;
  const wasm = memory.wasm ? ` · database WASM memory ${megabytes(memory.wasm)}` : '';
  return `V8 heap ${megabytes(memory.heapTotal)} (${megabytes(memory.heapUsed)} used)${wasm} · the rest ${megabytes(rest)} (of which array buffers ${megabytes(memory.arrayBuffers)}); RSS ${megabytes(memory.rss)}`;
}

function browserValue(runs) {
  const painted = median(runs.map((run) => run.ms));
  const fcps = runs.map((run) => run.fcpMs).filter((ms) => typeof ms === 'number');
  const js = median(runs.map((run) => run.jsGzip));
  return `${seconds(painted)} (runs: ${runs.map((run) => (run.ms / 1000).toFixed(2)).join(', ')} s; first contentful paint ${fcps.length ? seconds(median(fcps)) : 'n/a'}; ${kib(js)} JS loaded, gzip)`;
}

function heaviest(web) {
  const top = [...web.routes].sort((a, b) => b.gzip - a.gzip)[0];
  return `${kib(top.gzip)} (${top.route})`;
}

/** The per-route table of gzipped JavaScript (Markdown). */
export function routeTable(web) {
  if (!web) return 'Not measured: web/dist/.vite/manifest.json is missing (build the web app first).';
  const lines = [
    '| route | JS files | gzipped JS | budget |',
    '|---|---|---|---|',
    ...web.routes.map(
      (route) =>
        `| ${route.route}${route.lazy ? '' : ' (all in the entry)'} | ${route.files} | ${kib(route.gzip)} | ${route.budgetKiB} KiB |`,
    ),
  ];
  return `${lines.join('\n')}

Entry (index and its static imports, loaded by every route): ${kib(web.entry.gzip)} in ${web.entry.files} files.
All JavaScript of the build: ${kib(web.total.gzip)} in ${web.total.files} files.`;
}

/** A plain aligned two-column table for the terminal (the agenda's rows after the others). */
export function formatTable(results) {
  const table = [
    ...rows(results),
    ...(results.agenda ? agendaRows(results.agenda.run, results.agenda.data) : []),
    ...(results.chat ? chatRows(results.chat) : []),
  ];
  const width = Math.max(...table.map(([label]) => label.length));
  const text = table.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
  return results.web ? `${text}\n\n${routeTable(results.web)}` : text;
}

/**
 * The whole docs/PERFORMANCE.md page. Without agenda results (no PostgreSQL URL given) the
 * agenda section of `previousDoc` is kept as it was.
 */
export function renderPerformanceDoc(results, machine, previousDoc = '') {
  const table = rows(results)
    .map(([label, value]) => `| ${label} | ${value} |`)
    .join('\n');
  return `# Performance

Measured by \`npm run bench\` (bench/run.mjs), which rewrites this page. Timings are measured,
never asserted in tests.

## Latest numbers

${machine.date}, commit \`${machine.commit}\`, ${machine.cores} cores (${machine.cpu}),
${machine.memory} RAM, ${machine.system}, Node ${machine.node}. Embedded database (PGlite),
in-process realtime, one server process. Load average when the bench began: ${machine.load}${
    Number(machine.load) > machine.cores
      ? ` — more than the ${machine.cores} cores, so other work competed for the CPU and these numbers are pessimistic`
      : ''
  }.

| measure | value |
|---|---|
${table}

### JavaScript per route

Gzipped (level 9) JavaScript each route loads, from the Vite build manifest
(web/dist/.vite/manifest.json): the entry chunk and its static imports, plus the route's own lazy
chunk(s) and their static imports (for signed-in routes also the shell's, and but for the
calendars list the signed-in screens' texts, src/i18n/enScreens.ts), each file counted once.

${routeTable(results.web)}

## Footprint before and after (issue 12)

Written by hand from two runs of this bench in one session; a later run keeps it as it was.

${previousSection(previousDoc, FOOTPRINT_BEGIN, FOOTPRINT_END) ?? `${FOOTPRINT_BEGIN}\nNot recorded yet.\n${FOOTPRINT_END}`}

## \`npm start\` restart before and after

Written by hand from paired runs in one session (the restart lines above are this bench's own);
a later run keeps it as it was.

${keptNotes(previousDoc, RESTART_BEGIN, RESTART_END)}

## Agenda on PostgreSQL

Measured when \`npm run bench\` is given a PostgreSQL URL; a run without one keeps this section
as it was.

${results.agenda ? renderAgendaSection(results.agenda, machine) : (previousSection(previousDoc, AGENDA_BEGIN, AGENDA_END) ?? NOT_MEASURED)}

### Agenda before and after (issue 17)

Written by hand from paired runs of bench/events-agenda.mjs in one session; a later run keeps it
as it was.

${previousSection(previousDoc, AGENDA_CHANGE_BEGIN, AGENDA_CHANGE_END) ?? `${AGENDA_CHANGE_BEGIN}\nNot recorded yet.\n${AGENDA_CHANGE_END}`}

## Chat on PostgreSQL

Measured when \`npm run bench\` is given \`--chat-url=\`; a run without it keeps this section as it
was.

${results.chat ? renderChatSection(results.chat, machine) : (previousSection(previousDoc, CHAT_BEGIN, CHAT_END) ?? CHAT_NOT_MEASURED)}

Reading the chat figures: a page is three small queries (the session, the access check, the
page's index range read of 20 rows — see \`messages.explain.test.ts\`), so when the page's p99 is
far above its SQL's, the time is spent outside PostgreSQL: in the HTTP, auth and JSON work and,
with a load average above the core count, in waiting for a core. Realtime messages and pushes
go through the outbox, one row per recipient; the undelivered rows 2 s after the last send show
whether delivery kept up with the sends or queued behind them.

## Live streams (embedded SFU)

Measured by \`npm run bench\` (unless \`--no-streams\`) or \`node bench/streams.mjs --write\`; a run
without it keeps this section as it was.

${results.streams ? renderStreamsSection(results.streams, machine) : (previousSection(previousDoc, STREAMS_BEGIN, STREAMS_END) ?? STREAMS_NOT_MEASURED)}

${keptNotes(previousDoc, STREAMS_NOTES_BEGIN, STREAMS_NOTES_END)}

## Load test (issue 17)

Measured by \`npm run bench -- --load-users=…\` or \`node bench/load.mjs --write\`; a run without it
keeps this section as it was. Simulated people on loopback, each with a Socket.IO connection
(the web client's transports) and, per minute, the requests of seven screen actions with think
time between them: open the agenda (its two first requests at once) and page it, open an event
(the event, one's RSVP and the first attendees at once), answer the RSVP, read the activity
feed, read a chat (the conversation list, then its newest messages) and send a message. Health
is Mattermost's thresholds — average request < 100 ms, p99 < 2 s, 5xx (with network errors)
< 0.025 % — plus realtime delivery: ≥ 99 % of the messages reach the other 9 participants'
sockets within the step, p99 < 2 s.

${results.loadTest ? renderLoadSection(results.loadTest, machine) : (previousSection(previousDoc, ...LOAD_MARKERS) ?? LOAD_NOT_MEASURED)}

${keptNotes(previousDoc, LOAD_NOTES_BEGIN, LOAD_NOTES_END)}

## Faults (issue 17)

Measured by \`npm run bench -- --faults\` or \`node bench/faults.mjs --write\`; a run without it keeps
this section as it was.

${results.faults ? renderFaultsSection(results.faults, machine) : (previousSection(previousDoc, ...FAULTS_MARKERS) ?? FAULTS_NOT_MEASURED)}

## What is measured

- **Start time**: from spawning \`node scripts/start.mjs\` (what \`npm start\` runs) until
  \`GET /api/health\` first answers 200, on a data dir that an earlier start already migrated and
  with dependencies installed and the web app built. It includes the install and build
  freshness checks, loading the server, opening the database, checking migrations and
  listening. Polled every 20 ms. The **restart** lines time the same from spawning \`npm start\`
  itself (npm's own start-up included), and, beside it, the server alone (\`node
  server/dist/main.js serve\`, no checks), in turns, on the same data dir; the difference is
  what npm and the checks before the server cost.
- **Memory**: resident set size (VmRSS from /proc) of the server process itself (start.mjs,
  which runs the built server in its own process); taken at the first answer, after idling,
  and after the load. PGlite runs inside that process, so its memory is included. The split
  comes from the server itself: with \`DEBUG_MEMORY_MS=1000\` (set by the bench) it logs
  \`process.memoryUsage()\` and the size of PGlite's WebAssembly memory every second, and the
  bench keeps the last line logged before the idle RSS is read. "V8 heap" is heapTotal (the
  JavaScript objects); "database WASM memory" is the byte length of PGlite's linear memory,
  which holds PostgreSQL's shared buffers, caches and its own heap (its untouched pages are
  not resident, so it can exceed what it adds to the RSS); "the rest" is RSS minus both: code
  (Node, V8's compiled code, native add-ons such as sharp/libvips), buffers outside the heap
  and the allocator's free lists. The PostgreSQL line measures the same server with
  DATABASE_URL on a fresh database created on the server of BENCH_DATABASE_URL (default
  \`postgres://postgres@127.0.0.1:5432/test\`) and dropped after the run; skipped when it does
  not answer.
- **First screens in a browser**: Debian's Chromium (/usr/bin/chromium) driven by Playwright,
  headless, 1280×800, the CPU slowed down 4× (DevTools \`Emulation.setCPUThrottlingRate\`), a
  fresh context (empty cache) per visit, against the server that was just measured (the built
  web app, served by \`npm start\`'s server on loopback, no network throttling). A script added
  before the page's own notes when the awaited element enters the DOM (the password field of
  the sign-in form at /login; a calendar link of the list at / for a user signed up by the
  bench with three calendars, whose session the visit starts with in localStorage) and then
  the end of the next frame after it (requestAnimationFrame, then a task): that time from the
  navigation's start is the one reported, with the first contentful paint and the gzipped size
  of the JavaScript files the page fetched. One warm-up visit first; median of 5.
- **Load** (indicative only): autocannon against \`GET /api/health\` from the same machine, so
  client and server share the cores.
- **Graceful stop**: from SIGTERM to start.mjs (the server) until it exited.
- **Agenda** (bench/events-agenda.mjs): \`GET /api/events?timeMin=<this hour>&maxResults=50\` as
  the bench user, on the data set of bench/events-generate.mjs, driven by autocannon, first with
  one connection (each route's latency alone: 10 s in the same alternating slices), then with 10
  connections, against the API server (\`server/dist/main.js serve\`, built, with DATABASE_URL, no Redis,
  one process) and against the bare route, each warmed up for 2 s, then loaded in 5 slices
  alternating between the two (API, bare, bare, API, …, with a 1 s pause before each), so that
  the other load on the machine falls on both alike; req/s counts every response over the
  slices' time, p50 and p99 are over every response's latency, and the server CPU per request
  is the CPU time (user + system, /proc) of the API's or the bare route's process over its
  slices divided by their responses: PostgreSQL's work is not in it, and it depends far less on
  the other load than the latencies do. The **bare route** is a plain \`node:http\` server in a process of its own (bench/lib/agenda-bare.mjs)
  with the same pool size (10) that sends PostgreSQL the same statements as the API, through the
  server's own functions, in the same order and parallelism: the session lookup of the login
  token, the page's candidates (one statement: the viewer's calendars, the keyset page of single
  events, the running series and their exceptions), and the view context (one statement for RSVP
  counts, the viewer's RSVPs, owners, calendars and the live streams; for
  the page's single events and every running series, a little more than the API asks for). It answers the raw rows with \`JSON.stringify\`. It does **not** go through Fastify
  (routing, hooks, error handling), validate the query or the response with zod, expand the
  series into occurrences and merge them with the single events, compute the page token, or
  present the events (permissions, RSVP summary, the public shape). So the ratio (bare req/s ÷
  API req/s) is what the API costs on top of its SQL, with client, servers and PostgreSQL
  sharing the machine's cores; the difference in server CPU per request is that cost in the
  server process alone.

## How to reproduce

\`\`\`sh
npm run bench                                   # 5 starts, 10 s idle, browser, 5 s load; rewrites this page
npm run bench -- --runs=3 --idle=30 --load=0 --no-write --no-browser --no-postgres
npm run bench -- --events-url=postgres://postgres@127.0.0.1:5432/convene_bench   # adds the agenda
npm run bench -- --events-url=… --events-duration=40 --events-connections=20   # default 20 s, 10
npm run bench -- --chat-url=postgres://postgres@127.0.0.1:5432/postgres          # adds the chat part
npm run bench -- --chat-url=… --chat-clients=100 --chat-conversations=20 --chat-big-group=50 --chat-senders=20 --chat-duration=20   # a small run
node bench/chat.mjs --url=postgres://postgres@127.0.0.1:5432/postgres --clients=100 --conversations=20 --big-group=50 --senders=20 --duration=20 --write   # the chat part alone
npm run bench -- --load-users=250,500,1000,1500,2000,3000   # adds the load test (1 process, then WORKERS=2)
node bench/load.mjs --url=postgres://postgres@127.0.0.1:5432/postgres --users=50,100 --processes=1 --hold=15 --warm-up=5   # a small run
node bench/load.mjs [--users=…] [--processes=1,2] [--hold=30] [--warm-up=10] [--agents=2] [--redis=redis://127.0.0.1:6379] --write   # the load part alone
npm run bench -- --faults [--faults-users=300] [--faults-outage=30]   # adds the fault test
node bench/faults.mjs [--users=300] [--outage=30] --write   # the fault part alone
\`\`\`

The bench uses a fresh temporary data dir and a free port, and ignores DATABASE_URL, REDIS_URL,
SMTP_URL and WEB_DIST so it always measures the embedded single-process set-up (and, for the
PostgreSQL memory line, the same with a throw-away database).

The agenda part needs a PostgreSQL server: \`--events-url=\` or the environment variable
BENCH_DATABASE_URL. Its database must be dedicated to the bench (its name must contain
"bench"; a URL without a database name means \`convene_bench\`): the generator creates it
through the \`postgres\` database, and drops and fills it again when it does not hold exactly the
expected data set. Generating takes a few minutes; later runs reuse the data. To run the parts
alone: \`node bench/events-generate.mjs --url=…\` (\`--fresh\` regenerates), then
\`node bench/events-agenda.mjs --url=… [--duration=20] [--json=results.json]\`.

The chat part (bench/chat.mjs) creates a fresh database \`convene_bench_chat_<random>\` on the
server of \`--chat-url=\`, migrates it, seeds it in SQL (accounts with sessions, the groups, a
conversation of 100,000 messages), starts the built server on it (embedded realtime, no Redis)
and drops the database afterwards. Defaults are the issue's set-up: 1,000 clients, 200 groups
(the first holds the clients 0 … 499, group g > 0 the clients n with n mod 199 = g − 1), 200
senders (sender n posts to the big group when n mod 200 = 0, else to its small group), 60 s,
and a conversation of 100,000 messages paged at every depth. Every one is a parameter. Alone:
\`node bench/chat.mjs --url=… [--clients=…] [--conversations=…] [--big-group=…] [--senders=…]
[--duration=…] [--depth-messages=…] [--json=…] [--write]\`; \`--write\` rewrites only the chat
section of this page (the rest keeps the full bench's numbers).

The load test (bench/load.mjs) creates a fresh database \`convene_bench_load_<random>\` on the
server of \`--url=\` (\`--load-url=\`; default the local server), migrates it, seeds its own data set
for the largest step (bench/lib/load-data.mjs: people with sessions, a personal and two shared
calendars each, 300 events per shared calendar of which a tenth weekly series, groups of 10
people with a conversation each), then runs the ramp against the built server — one process,
then \`WORKERS=2\` with Redis (\`--redis=\`) — with the simulated people in \`--agents=\` generator
processes (bench/load-agent.mjs); it drops the database afterwards. With the defaults it takes
at most about 10 minutes. The fault test (bench/faults.mjs) needs the \`postgres\` user and
Debian's PostgreSQL programs: it creates a private cluster in a temporary directory
(\`initdb\`, \`pg_ctl\` on a free port, run through \`runuser -u postgres\` when the bench runs as
root), so stopping PostgreSQL never touches the machine's shared server.
`;
}

const AGENDA_BEGIN = '<!-- agenda:begin -->';
const AGENDA_END = '<!-- agenda:end -->';
const NOT_MEASURED = `${AGENDA_BEGIN}
Not measured yet: it needs a PostgreSQL server (see How to reproduce).
${AGENDA_END}`;

/** The agenda measurements as [label, value] rows; `data` (the generated set) is optional. */
export function agendaRows(run, data) {
  const list = [];
  if (data) {
    list.push([
      'data set',
      `${count(data.users)} users, ${count(data.calendars)} calendars, ${count(data.events)} events ` +
        `(${count(data.recurring)} recurring, ${percent(data.recurring / data.events)})`,
    ]);
    list.push([
      'generated',
      data.generated
        ? `now, in ${data.seconds} s`
        : `reused (generated ${data.generatedAt.slice(0, 10)} in ${data.seconds} s)`,
    ]);
  }
  list.push(['bench user', `in ${run.calendars} calendars`]);
  const route = (r) =>
    `${Math.round(r.requestsPerSecond)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ` +
    `${r.cpuMsPerRequest} ms CPU/request${failures(r) ? `, ${failures(r)} failures` : ''}`;
  list.push([
    `GET /api/events (50 items), ${run.connections} connections, ${run.duration} s in ${run.rounds} slices`,
    route(run.api),
  ]);
  list.push(['bare route, same SQL', route(run.bare)]);
  list.push(['ratio bare/API (requests per second)', `${run.ratio.toFixed(2)}×`]);
  if (run.single) {
    list.push([
      `GET /api/events (50 items), one connection, ${run.single.duration} s`,
      route(run.single.api),
    ]);
    list.push(['bare route, same SQL, one connection', route(run.single.bare)]);
  }
  return list;
}

/** The agenda results as a Markdown table (what bench/events-agenda.mjs prints). */
export function formatAgendaTable(run) {
  const row = (label, r) =>
    `| ${label} | ${Math.round(r.requestsPerSecond)} | ${r.p50} ms | ${r.p99} ms | ${r.cpuMsPerRequest} ms | ${failures(r)} | ${r.loadAverage.toFixed(1)} |`;
  const single = run.single
    ? [
        '',
        `| route: the same page, one connection, ${run.single.duration} s in ${run.rounds} slices | requests/s | p50 | p99 | server CPU per request | failures | load average |`,
        '|---|---|---|---|---|---|---|',
        row('`GET /api/events`', run.single.api),
        row('bare route, same SQL', run.single.bare),
      ]
    : [];
  return [
    `| route: 50 items from ${run.timeMin}, ${run.connections} connections, ${run.duration} s in ${run.rounds} slices | requests/s | p50 | p99 | server CPU per request | failures | load average |`,
    '|---|---|---|---|---|---|---|',
    row('`GET /api/events`', run.api),
    row('bare route, same SQL', run.bare),
    ...single,
    '',
    `**Ratio: the bare route serves ${run.ratio.toFixed(2)}× the API's requests per second** ` +
      `(the API reaches ${percent(1 / run.ratio)} of it).`,
  ].join('\n');
}

/** The measured part of the agenda section, between markers so a later run can keep it. */
export function renderAgendaSection({ data, run }, machine) {
  const perCalendar = data.events / data.calendars;
  const generated = data.generated
    ? `generated by this run in ${data.seconds} s`
    : `generated on ${data.generatedAt.slice(0, 10)} in ${data.seconds} s, reused by this run`;
  return `${AGENDA_BEGIN}
${machine.date}, commit \`${machine.commit}\`, PostgreSQL ${run.postgres} on the same ${machine.cores}-core machine. The
load average (last column) is the mean of those taken as each of the route's slices began; above
${machine.cores}, other work competed for the CPU.

Data set (bench/events-generate.mjs, ${generated}):

- ${count(data.users)} users, ${count(data.calendars)} calendars, ${count(data.events)} events over two years around the
  day of generation (${count(perCalendar)} per calendar), each with its owner's RSVP;
- ${count(data.recurring)} of the events recurring (${percent(data.recurring / data.events)}): in every calendar, one weekly
  series without end and one daily series of 30 days per ${count(perCalendar)} events;
- the bench user is in ${run.calendars} calendars (5 their own, 15 joined) holding ${count(data.benchEvents)} events,
  ${count(data.benchSeries)} of them series; from the current hour ${run.sample.seriesRows} series were running, and the
  measured page held ${run.sample.occurrences} occurrences of them among its 50 items, in
  ${count(run.sample.apiBytes)} bytes of JSON from the API (${count(run.sample.bareBytes)} bytes of raw rows from the
  bare route).

${formatAgendaTable(run)}
${AGENDA_END}`;
}

const CHAT_BEGIN = '<!-- chat:begin -->';
const CHAT_END = '<!-- chat:end -->';
const CHAT_NOT_MEASURED = `${CHAT_BEGIN}
Not measured yet: it needs a PostgreSQL server (see How to reproduce).
${CHAT_END}`;

/** The chat measurements as [label, value] rows. */
export function chatRows(chat) {
  const s = chat.statuses;
  return [
    [
      'chat set-up',
      `${count(chat.clients)} sockets in ${chat.conversations} groups (one of ${count(chat.bigGroup ?? chat.clients)}), ${chat.senders} senders every 2 s, ${chat.duration} s`,
    ],
    [
      'chat POST → delivery to the other participants',
      `p50 ${chat.delivery.p50} ms, p99 ${chat.delivery.p99} ms (${count(chat.deliveries)} of ${count(chat.expectedDeliveries)} expected deliveries${
        chat.missingDeliveries === undefined
          ? ''
          : `; checked by socket and message: ${count(chat.missingDeliveries)} missing, ${count(chat.duplicateDeliveries)} twice, ${count(chat.unexpectedDeliveries)} unexpected`
      })`,
    ],
    ...(chat.post
      ? [['chat POST answered (committed)', `p50 ${chat.post.p50} ms, p99 ${chat.post.p99} ms`]]
      : []),
    [
      'chat messages sent',
      `${count(chat.messagesSent)}: ${s.ok} 2xx, ${s.fiveXx} 5xx, ${s.other} other${
        s.other && s.otherCodes
          ? ` (${Object.entries(s.otherCodes)
              .map(([code, n]) => `${n}× ${code}`)
              .join(', ')})`
          : ''
      }, ${s.errors} network errors`,
    ],
    ['chat server CPU per message', `${chat.cpuMsPerMessage?.toFixed(1) ?? 'n/a'} ms (with its fan-out)`],
    ...(chat.benchCpuMsPerMessage == null
      ? []
      : [
          [
            'chat load generator CPU per message',
            `${chat.benchCpuMsPerMessage.toFixed(1)} ms (its senders and ${chat.receiverThreads} receiving threads)`,
          ],
        ]),
    ...(chat.outboxBacklog === undefined
      ? []
      : [
          [
            'chat outbox rows undelivered 2 s after the last send',
            `${count(chat.outboxBacklog)}${chat.outboxDrainMs === undefined ? '' : `, all delivered ${(chat.outboxDrainMs / 1000).toFixed(1)} s later`}`,
          ],
        ]),
    [
      'chat RSS per socket',
      `${chat.rssPerSocketKb.toFixed(1)} KB (${Math.round(chat.rssBeforeMb)} MB → ${Math.round(chat.rssConnectedMb)} MB)`,
    ],
    [
      `chat page of 20 at depth in ${count(chat.depthMessages)} messages`,
      `p50 ${chat.deepPage.p50} ms, p99 ${chat.deepPage.p99} ms over ${chat.deepPage.requests} requests${chat.deepPage.errors ? `, ${chat.deepPage.errors} wrong` : ''}${chat.deepPage.load === undefined ? '' : ` (load average ${chat.deepPage.load.toFixed(1)})`}`,
    ],
    ...(chat.deepPage.sql
      ? [
          [
            '… its SQL alone (EXPLAIN ANALYZE execution time)',
            `p50 ${chat.deepPage.sql.p50} ms, p99 ${chat.deepPage.sql.p99} ms`,
          ],
        ]
      : []),
  ];
}

/** The chat results as a Markdown table (what bench/chat.mjs prints). */
export function formatChatTable(chat) {
  return [
    '| chat measure | value |',
    '|---|---|',
    ...chatRows(chat).map(([label, value]) => `| ${label} | ${value} |`),
  ].join('\n');
}

/** The measured part of the chat section, between markers so a later run can keep it. */
export function renderChatSection(chat, machine) {
  const small = chat.clients < 1000 || chat.duration < 60;
  return `${CHAT_BEGIN}
${machine.date}, commit \`${machine.commit}\`, PostgreSQL ${chat.postgres} on the same ${machine.cores}-core machine, the
bench's senders and its clients (in ${chat.receiverThreads ?? 1} threads of its process) on the same machine as the server; load
average ${chat.load.toFixed(1)} when the sending began${chat.loadAfter === undefined ? '' : ` and ${chat.loadAfter.toFixed(1)} when it ended`}${
    Math.max(chat.load, chat.loadAfter ?? 0) > machine.cores
      ? ` — more than the ${machine.cores} cores, so other work competed for the CPU and these numbers are pessimistic`
      : ''
  }.${
    small
      ? `

**A small run** (${count(chat.clients)} clients, ${chat.duration} s), proving the bench works; not the full run of
1,000 clients for 60 s.`
      : ''
  }

${formatChatTable(chat)}

Delivery is timed from just before the POST to the \`messages\` event on each other participant's
socket (the sender's own socket is not counted), both read from the epoch clock
(\`performance.timeOrigin + performance.now()\`): the sockets are real socket.io-client
connections with the web client's transport options, spread round-robin over worker threads of
the bench process (\`--receivers\`, 2 by default) so that one event loop working through a
message's 500 deliveries to the big group does not hold back the arrival times taken on the
others; each socket's messages are then checked against what it should have received (every
message accepted with a 2xx into its groups from someone else, once). CPU is the server process's
user + system time over the sending phase (plus 2 s to drain) divided by the messages sent (the
load generator's the same, for its whole process); RSS per socket is the
server's RSS growth from before the clients connected to 1 s after the last one did, divided by
the clients. The depth pages are \`GET /api/conversations/{id}/messages?from=…&skip=…&limit=20\`
spread evenly over the whole conversation (newest to oldest page; 20 untimed ones first), one at a time, while the
sockets stay connected, once the outbox has delivered everything; the target is p99 ≤ 20 ms at
any depth. Its SQL alone is the same page query run at the same depths through
\`EXPLAIN ANALYZE\`.
${CHAT_END}`;
}

/** Rewrites only the chat section of the performance page (bench/chat.mjs --write). */
export function replaceChatSection(docPath, chat, machine) {
  const doc = readFileSync(docPath, 'utf8');
  const begin = doc.indexOf(CHAT_BEGIN);
  const end = doc.indexOf(CHAT_END);
  if (begin < 0 || end < begin) throw new Error(`${docPath} has no chat section markers`);
  writeFileSync(
    docPath,
    doc.slice(0, begin) + renderChatSection(chat, machine) + doc.slice(end + CHAT_END.length),
  );
}

const STREAMS_BEGIN = '<!-- streams:begin -->';
const STREAMS_END = '<!-- streams:end -->';
const STREAMS_NOT_MEASURED = `${STREAMS_BEGIN}
Not measured yet.
${STREAMS_END}`;

/** The streams runs as a Markdown table, one row per viewer count. */
export function formatStreamsMarkdown({ runs }) {
  return [
    '| viewers | SFU thread CPU (busy) | server process CPU | peers CPU | server RSS | fps at viewers min / median | glass-to-glass p50 / p99 | /api/health p50 / p99 / max |',
    '|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.viewers} | ${r.workerCpuPercent} % (${r.workerBusyPercent} %) | ${r.processCpuPercent} % | ${r.peersCpuPercent} % | ${r.rssMb} MB | ${r.fpsMin} / ${r.fpsMedian} | ${r.latencyP50} / ${r.latencyP99} ms | ${r.health.p50} / ${r.health.p99} / ${r.health.max} ms |`,
    ),
  ].join('\n');
}

/** The measured part of the live streams section, between markers so a later run can keep it. */
export function renderStreamsSection(streams, machine) {
  return `${STREAMS_BEGIN}
${machine.date}, commit \`${machine.commit}\`, ${machine.cores} cores; load average ${machine.load} when the
bench began. One 640×360 stream (≤ 800 kbps) from a libwebrtc publisher through the embedded SFU
(its worker thread in the server process) to libwebrtc viewers that decode every frame — the
publisher and all viewers run in the bench process on the same machine, so at 25 and more
viewers their decoders compete with the SFU for the two cores. Server RSS before streaming:
${streams.idleRssMb} MB.

${formatStreamsMarkdown(streams)}

Target (issue 15): 25 viewers at ≥ 20 fps each, glass-to-glass p99 ≤ 400 ms, and the API's health
check under 50 ms while the stream runs.
${STREAMS_END}`;
}

/** Rewrites only the live streams section of the performance page (bench/streams.mjs --write). */
export function replaceStreamsSection(docPath, streams, machine) {
  const doc = readFileSync(docPath, 'utf8');
  const begin = doc.indexOf(STREAMS_BEGIN);
  const end = doc.indexOf(STREAMS_END);
  if (begin < 0 || end < begin) throw new Error(`${docPath} has no streams section markers`);
  writeFileSync(
    docPath,
    doc.slice(0, begin) + renderStreamsSection(streams, machine) + doc.slice(end + STREAMS_END.length),
  );
}

/** Rewrites only the agenda section of the performance page (bench/events-agenda.mjs --write). */
export function replaceAgendaSection(docPath, agenda, machine) {
  const doc = readFileSync(docPath, 'utf8');
  const begin = doc.indexOf(AGENDA_BEGIN);
  const end = doc.indexOf(AGENDA_END);
  if (begin < 0 || end < begin) throw new Error(`${docPath} has no agenda section markers`);
  writeFileSync(
    docPath,
    doc.slice(0, begin) + renderAgendaSection(agenda, machine) + doc.slice(end + AGENDA_END.length),
  );
}

const AGENDA_CHANGE_BEGIN = '<!-- agenda-change:begin -->';
const AGENDA_CHANGE_END = '<!-- agenda-change:end -->';

const FOOTPRINT_BEGIN = '<!-- footprint:begin -->';
const FOOTPRINT_END = '<!-- footprint:end -->';
const RESTART_BEGIN = '<!-- restart:begin -->';
const RESTART_END = '<!-- restart:end -->';

/**
 * Notes written by hand after a measured section (earlier runs, before/after pairs, what a
 * session found): every run keeps them as they were, whatever it measured.
 */
const STREAMS_NOTES_BEGIN = '<!-- streams-notes:begin -->';
const STREAMS_NOTES_END = '<!-- streams-notes:end -->';
const LOAD_NOTES_BEGIN = '<!-- load-notes:begin -->';
const LOAD_NOTES_END = '<!-- load-notes:end -->';

/** An earlier page's hand-written notes between two markers, or the empty pair to write them in. */
function keptNotes(doc, beginMarker, endMarker) {
  return previousSection(doc, beginMarker, endMarker) ?? `${beginMarker}\n${endMarker}`;
}

/** The part of an earlier page between two markers (markers included), or null. */
function previousSection(doc, beginMarker, endMarker) {
  const begin = doc.indexOf(beginMarker);
  const end = doc.indexOf(endMarker);
  return begin >= 0 && end > begin ? doc.slice(begin, end + endMarker.length) : null;
}

function failures(r) {
  return r.non2xx + r.errors;
}

function count(value) {
  return Number(value).toLocaleString('en-US');
}

function percent(fraction) {
  return `${Math.round(fraction * 100)}%`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function seconds(ms) {
  return ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(2)} s`;
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function megabytes(bytes) {
  return bytes ? `${Math.round(bytes / 2 ** 20)} MB` : 'n/a';
}

function gitCommit(root) {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
