// One process of the load test's generator (forked by bench/lib/load-agents.mjs): simulates some
// of the people, each with a Socket.IO connection as the web client opens it and the requests
// the web client's screens make, one minute's mix of actions after another with think time:
//
//   open the agenda       GET /api/events?timeMax=<today>  and  ?timeMin=<today> (both at once)
//   page it               GET /api/events?pageToken=…
//   open an event         GET /api/events/{id}, …/userEventStatus, …/userEventStatuses (at once)
//   answer its RSVP       PUT /api/userEventStatuses/{rsvpId}
//   read the activity     GET /api/notification/history?skipNumber=0&resultsPerPage=50
//   read a chat           GET /api/conversations, then GET /api/conversations/{id}/messages
//   send a message        POST /api/conversations/{id}/messages
//
// Seven actions a minute (11 requests), each followed by 60/7 s ± 50 % of think time. A socket
// that reconnects refetches the agenda and its chat, as the web app's screens do. The parent
// sends commands over IPC (target, window, collect, writes, stop); see load-agents.mjs.
import http from 'node:http';
import { agendaPath, groupOf, idOf, tokenOf } from './lib/load-data.mjs';
import { freshStats } from './lib/load-stats.mjs';
import { loadFromServer } from './lib/serverDeps.mjs';

const ACTIONS_PER_MINUTE = 7;
const THINK_MS = 60_000 / ACTIONS_PER_MINUTE;
const REQUEST_TIMEOUT_MS = 30_000;
const CONNECT_BATCH = 25;

const { io } = await loadFromServer('socket.io-client');
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

let base = '';
let owned = [];
const active = new Map();
let window = { start: Number.POSITIVE_INFINITY, end: Number.POSITIVE_INFINITY };
let stats = freshStats();
/** Per second (Date.now() / 1000, floored): requests that succeeded and that failed. */
const timeline = new Map();
/** Acknowledged writes, for the fault test's check: chat client keys and RSVP answers. */
const writes = { messages: [], rsvps: [] };
const pending = new Set();

const inWindow = (at) => at >= window.start && at <= window.end;

function tally(second, failed) {
  const bucket = timeline.get(second) ?? { ok: 0, failed: 0 };
  if (failed) bucket.failed += 1;
  else bucket.ok += 1;
  timeline.set(second, bucket);
}

/** One HTTP request with the user's token; records its timing; resolves to { status, body } (body parsed on first read). */
function request(user, action, method, path, body) {
  const started = Date.now();
  const entry = { started, action };
  pending.add(entry);
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const finish = (status, text, error) => {
      pending.delete(entry);
      const ms = Date.now() - started;
      const failed = error !== undefined || status >= 500;
      tally(Math.floor(started / 1000), failed);
      if (inWindow(started)) {
        stats.latencies.push(ms);
        pushTo(stats.byAction, action, ms);
        if (error !== undefined) {
          stats.errors += 1;
          stats.errorKinds[error] = (stats.errorKinds[error] ?? 0) + 1;
        } else if (status >= 500) {
          stats.fiveXx += 1;
          stats.fiveXxCodes[status] = (stats.fiveXxCodes[status] ?? 0) + 1;
        } else if (status >= 400) {
          stats.other += 1;
          const key = `${action} ${status}`;
          if (process.env.LOAD_DEBUG) console.error(method, path, status, text);
          stats.otherCodes[key] = (stats.otherCodes[key] ?? 0) + 1;
        } else stats.ok += 1;
      }
      // Parsed only when an action reads it (the agenda's items, the RSVP's id): parsing every
      // answer was an eighth of the generator's CPU, and its CPU is taken from the server's cores.
      let parsed;
      resolve({
        status: error === undefined ? status : 0,
        get body() {
          if (parsed === undefined) {
            parsed = null;
            if (text && status >= 200 && status < 300) {
              try {
                parsed = JSON.parse(text);
              } catch {
                parsed = null;
              }
            }
          }
          return parsed;
        },
      });
    };
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          loginToken: user.token,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => finish(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        response.on('error', (error) => finish(0, '', error.code ?? 'response error'));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error) => finish(0, '', error.code ?? error.message));
    req.end(payload);
  });
}

/** Appends a value to the list under a key, creating it. */
function pushTo(lists, key, value) {
  if (!lists[key]) lists[key] = [];
  lists[key].push(value);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(THINK_MS * (0.5 + Math.random()));

function startOfToday() {
  const day = new Date();
  day.setHours(0, 0, 0, 0);
  return day.toISOString();
}

async function openAgenda(user) {
  const at = startOfToday();
  const query = (bound) => agendaPath(`${bound}=${encodeURIComponent(at)}`);
  const [, forward] = await Promise.all([
    request(user, 'agenda', 'GET', query('timeMax')),
    request(user, 'agenda', 'GET', query('timeMin')),
  ]);
  if (forward.body) {
    user.agendaItems = forward.body.items ?? [];
    user.pageToken = forward.body.nextPageToken;
  }
}

async function pageAgenda(user) {
  if (!user.pageToken) return openAgenda(user);
  const page = await request(
    user,
    'agenda page',
    'GET',
    agendaPath(`pageToken=${encodeURIComponent(user.pageToken)}`),
  );
  if (page.body?.items?.length) user.agendaItems = page.body.items;
}

async function openEvent(user) {
  const items = user.agendaItems ?? [];
  const eventId = items.length
    ? items[Math.floor(Math.random() * items.length)].eventId
    : idOf(`lep${user.n}-0`);
  const path = `/api/events/${encodeURIComponent(eventId)}`;
  const [, rsvp] = await Promise.all([
    request(user, 'event', 'GET', path),
    request(user, 'event', 'GET', `${path}/userEventStatus`),
    request(user, 'event', 'GET', `${path}/userEventStatuses?resultsPerPage=10&skipNumber=0`),
  ]);
  user.rsvpId = rsvp.body?.userEventStatusId;
}

async function answerRsvp(user) {
  if (!user.rsvpId) return;
  const answer = Math.random() < 0.7 ? 'attending' : 'notAttending';
  const at = Date.now();
  const sent = { rsvpId: user.rsvpId, userId: user.id, answer, at, acked: false };
  writes.rsvps.push(sent);
  const response = await request(
    user,
    'rsvp',
    'PUT',
    `/api/userEventStatuses/${encodeURIComponent(user.rsvpId)}`,
    {
      statuses: { rsvp: answer },
    },
  );
  sent.acked = response.status >= 200 && response.status < 300;
}

async function readActivity(user) {
  await request(user, 'activity', 'GET', '/api/notification/history?skipNumber=0&resultsPerPage=50');
}

async function readChat(user) {
  await request(user, 'chat list', 'GET', '/api/conversations?skip=0&limit=20');
  await request(user, 'chat read', 'GET', `/api/conversations/${user.group}/messages?skip=0&limit=20`);
}

async function sendMessage(user) {
  user.sent += 1;
  const at = Date.now();
  const clientKey = `L${user.n}-${user.sent}-${at}`;
  const response = await request(user, 'chat send', 'POST', `/api/conversations/${user.group}/messages`, {
    message: `Load message ${user.sent} from ${user.n}`,
    clientKey,
  });
  if (response.status >= 200 && response.status < 300) {
    writes.messages.push(clientKey);
    if (inWindow(at)) stats.sendsAcked += 1;
  }
}

const minute = [openAgenda, pageAgenda, openEvent, answerRsvp, readActivity, readChat, sendMessage];

async function live(user) {
  // Each starts at a random point of the minute, so every action is under way from the start.
  await sleep(Math.random() * THINK_MS);
  for (let index = Math.floor(Math.random() * minute.length); !user.stopped; index += 1) {
    await minute[index % minute.length](user);
    await think();
  }
}

function connect(n) {
  const user = {
    n,
    id: idOf(`lu${n}`),
    token: tokenOf(n),
    group: groupOf(n),
    sent: 0,
    stopped: false,
    connectedOnce: false,
  };
  user.socket = io(base, {
    path: '/socket.io',
    auth: { loginToken: user.token },
    transports: ['websocket', 'polling'],
  });
  user.socket.on('messages', (payload) => {
    const key = payload?.message?.clientKey;
    if (typeof key !== 'string' || !key.startsWith('L')) return;
    const [sender, , stamp] = key.slice(1).split('-');
    const at = Number(stamp);
    if (Number(sender) === n || !inWindow(at)) return;
    stats.deliveries.push(Date.now() - at);
  });
  user.socket.on('connect_error', () => {
    stats.connectErrors += 1;
  });
  const connected = new Promise((resolve) => {
    user.socket.on('connect', () => {
      if (user.connectedOnce) {
        // A reconnect (the server went away): refetch what the screens show, as the app does.
        stats.reconnects += 1;
        void openAgenda(user).then(() => readChat(user));
      }
      user.connectedOnce = true;
      resolve(true);
    });
    setTimeout(() => resolve(false), 30_000);
  });
  active.set(n, user);
  return connected;
}

async function target(count) {
  const wanted = owned.filter((n) => n < count && !active.has(n));
  let failed = 0;
  for (let index = 0; index < wanted.length; index += CONNECT_BATCH) {
    const batch = wanted.slice(index, index + CONNECT_BATCH);
    const results = await Promise.all(batch.map((n) => connect(n)));
    failed += results.filter((ok) => !ok).length;
    for (const n of batch) void live(active.get(n));
  }
  return { connected: active.size, failed };
}

function collect() {
  const now = Date.now();
  // Requests of the window still unanswered count with the time they have taken so far.
  for (const entry of pending) {
    if (!inWindow(entry.started)) continue;
    const ms = now - entry.started;
    stats.latencies.push(ms);
    pushTo(stats.byAction, entry.action, ms);
  }
  const connectedSockets = [...active.values()].filter((user) => user.socket.connected).length;
  const result = { ...stats, connectedSockets, sockets: active.size, pending: pending.size };
  stats = freshStats();
  return result;
}

// The parent gone (it failed or was killed): nothing is left to report to.
process.on('disconnect', () => process.exit(0));

process.on('message', async (command) => {
  if (command.type === 'init') {
    base = command.base;
    owned = command.users;
    process.send({ type: 'init', ok: true });
  } else if (command.type === 'target') {
    process.send({ type: 'target', ...(await target(command.count)) });
  } else if (command.type === 'window') {
    window = { start: command.start, end: command.end };
    stats = freshStats();
    process.send({ type: 'window' });
  } else if (command.type === 'collect') {
    process.send({ type: 'collect', stats: collect() });
  } else if (command.type === 'timeline') {
    process.send({ type: 'timeline', timeline: [...timeline.entries()] });
  } else if (command.type === 'writes') {
    process.send({ type: 'writes', writes });
  } else if (command.type === 'stop') {
    for (const user of active.values()) {
      user.stopped = true;
      user.socket.close();
    }
    agent.destroy();
    process.send({ type: 'stop' }, () => process.exit(0));
  }
});
