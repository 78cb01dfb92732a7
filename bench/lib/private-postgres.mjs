// A private PostgreSQL cluster for a bench that stops and starts its database (bench/faults.mjs)
// or sets how its processes are scheduled (bench/load.mjs --postgres=private-batch): initdb into a
// temporary directory and pg_ctl on a free port, run as the `postgres` user (PostgreSQL refuses
// to run as root; ../shared/PLATFORM-NOTES.md). Never the machine's shared server, which CI and
// other work use.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './server.mjs';

/** The directory of the newest installed PostgreSQL's programs (Debian's layout), or null. */
function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

/** Runs a PostgreSQL program as the postgres user when this process is root, else as itself. */
function asPostgres(bin, program, args) {
  const file = path.join(bin, program);
  const [command, commandArgs] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Creates and starts a cluster; resolves to { url, stop(), start(), destroy() }. `preload`
 * names server libraries to load at start (pg_stat_statements, for bench/endpoints.mjs). With
 * `batch`, its postmaster runs under Linux's SCHED_BATCH policy (chrt), which every backend it
 * forks inherits: a backend woken by a query then waits for the next scheduling tick instead of
 * preempting the process that sent the query (on a machine where the server and PostgreSQL
 * share cores, that is the server's event loop, mid-turn; docs/DEPLOY.md).
 */
export async function startPrivatePostgres({ batch = false, preload = [] } = {}) {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL programs under /usr/lib/postgresql (apt-get install postgresql)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'convene-private-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await findFreePort();
  asPostgres(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const libraries = preload.length ? ` -c shared_preload_libraries=${preload.join(',')}` : '';
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c max_connections=100${libraries}`;
  const pgCtl = (...args) => asPostgres(bin, 'pg_ctl', ['-D', data, ...args]);
  const start = () => {
    pgCtl('-o', options, '-l', path.join(dir, 'log'), '-w', 'start');
    if (batch) {
      const postmaster = readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0];
      execFileSync('chrt', ['--batch', '--pid', '0', postmaster], { stdio: ['ignore', 'pipe', 'pipe'] });
    }
  };
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    version: asPostgres(bin, 'postgres', ['--version']).trim(),
    batch,
    /** Stops it (fast: open sessions are ended), as an outage would. */
    stop() {
      pgCtl('-m', 'fast', '-w', 'stop');
      running = false;
    },
    start() {
      start();
      running = true;
    },
    /** Stops it if running and deletes its directory. */
    destroy() {
      try {
        if (running) pgCtl('-m', 'immediate', '-w', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
