// The load and fault tests' verdicts, tables and sections of docs/PERFORMANCE.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { GROUP_SIZE } from './load-data.mjs';
import { mean, percentiles } from './stats.mjs';

/** Mattermost's published health thresholds, and ours for realtime delivery. */
export const THRESHOLDS = {
  averageMs: 100,
  p99Ms: 2000,
  failurePercent: 0.025,
  deliveredPercent: 99,
  deliveryP99Ms: 2000,
};

/** One step's figures and whether it stays within every threshold (and which it broke). */
export function judgeStep({ users, workers, stats, hold, load, connectSeconds, connectFailed, cpu }) {
  const requests = stats.latencies.length;
  const failures = stats.fiveXx + stats.errors;
  const latency = percentiles(stats.latencies, 0);
  const delivery = percentiles(stats.deliveries, 0);
  const expectedDeliveries = stats.sendsAcked * (GROUP_SIZE - 1);
  const step = {
    users,
    workers,
    requests,
    requestsPerSecond: Math.round(requests / hold),
    average: mean(stats.latencies),
    p50: latency.p50,
    p99: latency.p99,
    fiveXx: stats.fiveXx,
    fiveXxCodes: stats.fiveXxCodes,
    errors: stats.errors,
    errorKinds: stats.errorKinds,
    other4xx: stats.other,
    otherCodes: stats.otherCodes,
    failurePercent: requests ? Number(((failures / requests) * 100).toFixed(3)) : 0,
    sendsAcked: stats.sendsAcked,
    delivered: stats.deliveries.length,
    expectedDeliveries,
    deliveredPercent: expectedDeliveries
      ? Number(((stats.deliveries.length / expectedDeliveries) * 100).toFixed(2))
      : 100,
    deliveryP50: delivery.p50,
    deliveryP99: delivery.p99,
    byAction: Object.fromEntries(
      Object.entries(stats.byAction).map(([action, values]) => [
        action,
        { count: values.length, average: mean(values), p99: percentiles(values, 0).p99 },
      ]),
    ),
    socketsConnected: stats.connectedSockets,
    connectSeconds: Number(connectSeconds.toFixed(1)),
    connectFailed,
    cpu,
    load,
  };
  const broken = [];
  if (step.average >= THRESHOLDS.averageMs)
    broken.push(`average ${step.average} ms ≥ ${THRESHOLDS.averageMs}`);
  if (step.p99 >= THRESHOLDS.p99Ms) broken.push(`p99 ${step.p99} ms ≥ ${THRESHOLDS.p99Ms}`);
  if (step.failurePercent >= THRESHOLDS.failurePercent)
    broken.push(`5xx+errors ${step.failurePercent} % ≥ ${THRESHOLDS.failurePercent} %`);
  if (step.deliveredPercent < THRESHOLDS.deliveredPercent)
    broken.push(`delivered ${step.deliveredPercent} % < ${THRESHOLDS.deliveredPercent} %`);
  if (step.deliveryP99 >= THRESHOLDS.deliveryP99Ms)
    broken.push(`delivery p99 ${step.deliveryP99} ms ≥ ${THRESHOLDS.deliveryP99Ms}`);
  if (connectFailed > 0) broken.push(`${connectFailed} sockets failed to connect`);
  return { ...step, healthy: broken.length === 0, broken };
}

/** The largest number of users of a run's healthy steps (0 when none was healthy). */
function largestHealthy(run) {
  return Math.max(0, ...run.steps.filter((step) => step.healthy).map((step) => step.users));
}

/** The step table of every run as Markdown. */
export function formatLoadTable(results) {
  const lines = [
    '| processes | active users | sockets | requests/s | average | p99 | 5xx + errors | realtime delivered (p99) | CPU server / generator / PostgreSQL | server CPU per request | load avg | verdict |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const run of results.runs) {
    for (const step of run.steps) {
      lines.push(
        `| ${run.workers} | ${count(step.users)} | ${count(step.socketsConnected)} | ${step.requestsPerSecond} | ${step.average} ms | ${step.p99} ms | ${step.fiveXx + step.errors} of ${count(step.requests)} (${step.failurePercent} %) | ${step.deliveredPercent} % of ${count(step.expectedDeliveries)} (${step.deliveryP99} ms) | ${step.cpu.server} / ${step.cpu.agents} / ${step.cpu.postgres} % | ${step.cpu.serverMsPerRequest} ms | ${step.load.toFixed(1)} | ${step.healthy ? 'healthy' : `**unhealthy**: ${step.broken.join('; ')}`} |`,
      );
    }
  }
  lines.push('');
  for (const run of results.runs) {
    lines.push(
      `**${run.workers === 1 ? 'One process' : `${run.workers} processes (WORKERS=${run.workers})`}: ${count(largestHealthy(run))} active users healthy**${
        run.steps.every((step) => step.healthy)
          ? ` (every step was healthy: the ramp ended at ${count(results.steps.at(-1))} before a threshold broke)`
          : ''
      }.`,
    );
  }
  return lines.join('\n');
}

/** Per action: the average and p99 of its requests at the largest healthy step of each run. */
function formatActions(results) {
  const lines = [
    '| request (screen action) | ' +
      results.runs.map((run) => `${run.workers} process${run.workers > 1 ? 'es' : ''}`).join(' | ') +
      ' |',
  ];
  lines.push(`|---|${results.runs.map(() => '---').join('|')}|`);
  const atBest = results.runs.map((run) => run.steps.filter((step) => step.healthy).at(-1) ?? run.steps[0]);
  const actions = [...new Set(atBest.flatMap((step) => Object.keys(step?.byAction ?? {})))];
  for (const action of actions) {
    lines.push(
      `| ${action} | ${atBest
        .map((step) => {
          const figures = step?.byAction[action];
          return figures ? `${figures.average} ms avg, ${figures.p99} ms p99 (${count(figures.count)})` : '—';
        })
        .join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

const LOAD_BEGIN = '<!-- load:begin -->';
const LOAD_END = '<!-- load:end -->';
export const LOAD_NOT_MEASURED = `${LOAD_BEGIN}
Not measured yet: it needs a PostgreSQL server (see How to reproduce).
${LOAD_END}`;

/** How the bench ran PostgreSQL, as the section's first line says it. */
function postgresSetupText(setup) {
  if (setup === 'private') return ' (a private cluster the bench created)';
  if (setup === 'private-batch')
    return ' (a private cluster the bench created, its processes under SCHED_BATCH as docs/DEPLOY.md advises for a shared machine)';
  return '';
}

/** The measured part of the load section, between markers. */
export function renderLoadSection(results, machine) {
  const d = results.data;
  const best = results.runs.map(
    (run) =>
      `${run.workers === 1 ? 'one process' : `${run.workers} processes`}: **${count(largestHealthy(run))}**`,
  );
  return `${LOAD_BEGIN}
${machine.date}, commit \`${machine.commit}\`, PostgreSQL ${results.postgres}${postgresSetupText(results.postgresSetup)}, Redis, the server and the load
generator (${results.agents} processes) all on the same ${machine.cores}-core machine; load average
${results.loadAtStart.toFixed(1)} when the ramp began${
    results.loadAtStart > machine.cores
      ? ` — more than the ${machine.cores} cores: other work competed for the CPU, so these figures are a floor (re-run on a quiet machine)`
      : results.loadAtStart > 0.5
        ? ' (other work was running on the machine)'
        : ''
  }.
Steps of ${results.steps.map(count).join(', ')} active users, each held ${results.warmUp} s to settle and
then measured for ${results.hold} s; a set-up's ramp stops at its first unhealthy step.

Largest healthy number of active users — ${best.join(', ')} (target ≥ 2,000; Mattermost publishes 217 on
a 2-vCPU app node with a separate database node).

Data set (bench/lib/load-data.mjs): ${count(d.users)} people with sessions, ${count(d.calendars)} calendars, ${count(d.events)} events
(${count(d.series)} weekly series), ${count(d.conversations)} group conversations of 10 with ${count(d.messages)} messages.

${formatLoadTable(results)}

Requests per screen action at each set-up's largest healthy step (or its first step):

${formatActions(results)}

CPU is each part's user + system time over the measured window, in % of one core (the machine
has ${machine.cores}, so ${machine.cores * 100} % is all of it); PostgreSQL's counts every postgres process on
the machine, other work's included (a backend that ended during the window is missed). Server
CPU per request is the server processes' CPU over the window divided by the requests started in
it (socket and realtime work included): with the machine's ${machine.cores * 1000} ms of CPU a second, it
bounds how many requests the cores can serve when nothing else runs.
${LOAD_END}`;
}

/** Rewrites only the load section of the performance page (bench/load.mjs --write). */
export function replaceLoadSection(docPath, results, machine) {
  replaceSection(docPath, LOAD_BEGIN, LOAD_END, renderLoadSection(results, machine));
}

export const LOAD_MARKERS = [LOAD_BEGIN, LOAD_END];

function replaceSection(docPath, begin, end, text) {
  const doc = readFileSync(docPath, 'utf8');
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${docPath} has no ${begin} … ${end} markers`);
  writeFileSync(docPath, doc.slice(0, from) + text + doc.slice(to + end.length));
}

function count(value) {
  return Number(value).toLocaleString('en-US');
}

const FAULTS_BEGIN = '<!-- faults:begin -->';
const FAULTS_END = '<!-- faults:end -->';
export const FAULTS_NOT_MEASURED = `${FAULTS_BEGIN}
Not measured yet (see How to reproduce).
${FAULTS_END}`;

const codes = (counts) =>
  Object.entries(counts ?? {})
    .map(([code, n]) => `${count(n)}× ${code}`)
    .join(', ') || 'none';

/** The fault test's findings as a Markdown table, each with its target and whether it was met. */
export function formatFaultsTable(results) {
  const { kill, database, writes } = results;
  const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never');
  const verdict = (ok) => (ok ? 'met' : '**not met**');
  const outageAnswers = database.statuses;
  const only503 =
    Object.keys(outageAnswers.fiveXx).every((code) => code === '503') &&
    Object.keys(outageAnswers.networkErrors).length === 0 &&
    Object.keys(database.healthStatuses).every((code) => code === '503');
  const rows = [
    [
      'kill -9 of one of 2 processes: restarted by the primary after',
      seconds(kill.restartMs),
      'restarted',
      verdict(kill.restartMs !== null),
    ],
    [
      '… requests failing until (from the kill)',
      `${seconds(kill.recoveryMs)} (${count(kill.failed)} requests failed from the kill's second on; of those started after the kill, 5xx: ${codes(kill.fiveXxCodes)}, network errors: ${codes(kill.errorKinds)})`,
      '≤ 10 s',
      verdict(kill.recoveryMs <= 10_000),
    ],
    [
      '… sockets reconnected (and refetched agenda and chat)',
      `${count(kill.reconnects)}; ${count(kill.socketsConnected)} of ${count(kill.sockets)} connected 30 s after the kill`,
      'all connected',
      verdict(kill.socketsConnected === kill.sockets),
    ],
    [
      `PostgreSQL stopped ${database.seconds} s: API answers`,
      `${codes(outageAnswers.fiveXx)}; ${count(outageAnswers.ok)} 2xx; network errors: ${codes(outageAnswers.networkErrors)}`,
      '503, no 500',
      verdict(only503),
    ],
    [
      '… GET /api/health during the outage',
      codes(database.healthStatuses),
      '503',
      verdict(Object.keys(database.healthStatuses).every((code) => code === '503')),
    ],
    [
      '… server processes',
      database.processesSurvived
        ? 'the same 2 workers before and after, primary running'
        : 'a process died or was replaced',
      'no crash',
      verdict(database.processesSurvived),
    ],
    [
      '… after PostgreSQL is back: requests failing until',
      `${seconds(database.recoveryMs)} (${count(database.failedAfterRestart)} failed); first 200 from /api/health after ${seconds(database.firstHealthyProbeMs)}`,
      '≤ 10 s',
      verdict(database.recoveryMs <= 10_000),
    ],
    [
      '… sockets connected 20 s after',
      `${count(database.socketsConnected)} of ${count(database.sockets)}`,
      'all',
      verdict(database.socketsConnected === database.sockets),
    ],
    [
      'acknowledged chat messages stored',
      `${count(writes.messagesAcknowledged - writes.messagesMissing)} of ${count(writes.messagesAcknowledged)}`,
      'all',
      verdict(writes.messagesMissing === 0),
    ],
    [
      'acknowledged RSVP answers stored (last answer per RSVP)',
      `${count(writes.rsvpsChecked - writes.rsvpsWrong)} of ${count(writes.rsvpsChecked)} (${count(writes.rsvpAnswersAcknowledged)} answers acknowledged; ${count(writes.rsvpsLeftOut)} left out, their last answer unacknowledged)`,
      'all',
      verdict(writes.rsvpsWrong === 0),
    ],
  ];
  return [
    '| fault | measured | target | |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** The measured part of the faults section, between markers. */
export function renderFaultsSection(results, machine) {
  return `${FAULTS_BEGIN}
${machine.date}, commit \`${machine.commit}\`, ${results.postgres} (a private cluster the bench created), Redis,
two server processes (WORKERS=2) and ${count(results.users)} simulated people (the load test's mix) on the same
${machine.cores}-core machine; load average ${results.loadAtStart.toFixed(1)} when it began.

${formatFaultsTable(results)}

"Requests failing until" is the end of the last second, counted by when requests started, in which
any request failed (a 5xx or a network error), measured from the kill or from PostgreSQL's
restart. Realtime messages' order across processes is not kept (each process drains the
realtime lane), so only their storage is checked here, not their order.
${FAULTS_END}`;
}

/** Rewrites only the faults section of the performance page (bench/faults.mjs --write). */
export function replaceFaultsSection(docPath, results, machine) {
  replaceSection(docPath, FAULTS_BEGIN, FAULTS_END, renderFaultsSection(results, machine));
}

export const FAULTS_MARKERS = [FAULTS_BEGIN, FAULTS_END];
