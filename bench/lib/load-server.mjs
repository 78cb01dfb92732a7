// The server under the load and fault tests: the built server's `serve` on PostgreSQL, one
// process or WORKERS=N (Node cluster, realtime shared through Redis), its output kept.
import { spawn } from 'node:child_process';
import { serverArgs } from '../../scripts/lib/server-build.mjs';
import { childPids, waitForOk } from './server.mjs';

const KEEP_LOG_LINES = 60;

/**
 * Starts `server/dist/main.js serve` (build it first: migrateDatabase does) on a free port; resolves
 * once GET /api/health answers 200. `pids()` are the processes that serve: the one process, or
 * the primary's workers. With `profileDir`, each server process writes a V8 CPU profile there when
 * it exits (node --cpu-prof; open it in Chrome's DevTools or speedscope).
 */
export async function startServe({ root, databaseUrl, redisUrl, workers, dataDir, port, profileDir }) {
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profiling, ...serverArgs('serve')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: workers > 1 ? redisUrl : '',
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      // Its own realtime room prefix on the shared Redis.
      APP_ENV: 'loadbench',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      CONVENE_DATA_DIR: dataDir,
      SMTP_URL: '',
      WEB_DIST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  const counts = { errors: 0, warnings: 0 };
  let partial = '';
  const keep = (chunk) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      if (line.includes('"level":50') || line.includes('"level":60')) counts.errors += 1;
      else if (line.includes('"level":40')) counts.warnings += 1;
      log.push(line);
    }
    log.splice(0, Math.max(0, log.length - KEEP_LOG_LINES));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.log = log;
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, child);
  return {
    child,
    base,
    log,
    /** Error-level (and fatal) lines the server logged so far, and warnings (503s among them). */
    counts,
    pids: () => (workers > 1 ? childPids(child.pid) : [child.pid]),
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await child.exited;
      clearTimeout(timer);
    },
  };
}
