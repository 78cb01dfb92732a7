// Turns benchmark results into a console table and the docs/PERFORMANCE.md page.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

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
    [
      `start → first 200 of GET /api/health, median of ${starts.length}`,
      `${seconds(median(starts))} (runs: ${starts.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`,
    ],
    ['server RSS at first answer', megabytes(results.rssAtStart)],
    [`server RSS after ${results.options.idle} s idle`, megabytes(results.rssIdle)],
  ];
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

/** A plain aligned two-column table for the terminal. */
export function formatTable(results) {
  const table = rows(results);
  const width = Math.max(...table.map(([label]) => label.length));
  return table.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}

/** The whole docs/PERFORMANCE.md page. */
export function renderPerformanceDoc(results, machine) {
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

## What is measured

- **Start time**: from spawning \`node scripts/start.mjs\` (what \`npm start\` runs) until
  \`GET /api/health\` first answers 200, on a data dir that an earlier start already migrated and
  with dependencies installed and the web app built. It includes the install and build
  freshness checks, loading the TypeScript server through tsx, opening PGlite, checking
  migrations and listening. Polled every 20 ms.
- **Memory**: resident set size (VmRSS from /proc) of the server process itself, found as the
  child of start.mjs running \`server/src/main.ts\`; taken at the first answer, after idling,
  and after the load. PGlite runs inside that process, so its memory is included.
- **Load** (indicative only): autocannon against \`GET /api/health\` from the same machine, so
  client and server share the cores.
- **Graceful stop**: from SIGTERM to start.mjs until it exited (it passes the signal to the server).

## How to reproduce

\`\`\`sh
npm run bench                                   # 3 starts, 10 s idle, 5 s load; rewrites this page
npm run bench -- --runs=5 --idle=30 --load=0 --no-write
\`\`\`

The bench uses a fresh temporary data dir and a free port, and ignores DATABASE_URL, REDIS_URL
and SMTP_URL so it always measures the embedded single-process set-up.
`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function seconds(ms) {
  return ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(2)} s`;
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
