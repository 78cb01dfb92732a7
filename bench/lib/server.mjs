// Starting, probing and stopping `node scripts/start.mjs` (or `npm start`) for the benchmarks, and
// reading the resident memory of the server process (Linux /proc).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const KEEP_LOG_LINES = 40;

/** How the bench starts the server: what `npm start` runs, `npm start` itself, the server alone. */
export const START_COMMANDS = {
  startScript: [process.execPath, 'scripts/start.mjs'],
  npmStart: ['npm', 'start'],
  serverAlone: [process.execPath, 'server/dist/main.js', 'serve'],
};

/** Spawns a start command (`node scripts/start.mjs` by default), keeping its last output lines. */
export function spawnStart(root, env, [command, ...args] = START_COMMANDS.startScript) {
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  const partial = { stdout: '', stderr: '' };
  const keep = (stream) => (chunk) => {
    const lines = (partial[stream] + chunk.toString()).split('\n');
    partial[stream] = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      // DEBUG_MEMORY_MS makes the server log its memory use; keep the latest such line apart.
      if (line.includes('"msg":"memory"')) child.memory = JSON.parse(line).memory;
      else log.push(line);
    }
    log.splice(0, Math.max(0, log.length - KEEP_LOG_LINES));
  };
  child.stdout.on('data', keep('stdout'));
  child.stderr.on('data', keep('stderr'));
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.log = log;
  return child;
}

/** Polls GET url every 20 ms until it answers 200; resolves to the milliseconds since `since`. */
export async function waitForOk(url, child, { since = performance.now(), timeoutMs = 180_000 } = {}) {
  let exited = false;
  child.exited.then(() => {
    exited = true;
  });
  while (performance.now() - since < timeoutMs) {
    if (exited) throw new Error(`the server exited before answering ${url}:\n${child.log.join('\n')}`);
    if ((await getStatus(url)) === 200) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs / 1000} s:\n${child.log.join('\n')}`);
}

/**
 * Sends SIGTERM to the server process (start.mjs itself, or under `npm start` npm's grandchild)
 * and resolves to the milliseconds until the spawned process exited.
 */
export async function stop(child, serverPid) {
  const since = performance.now();
  signalQuietly(serverPid ?? child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    for (const pid of [serverPid, child.pid]) killQuietly(pid);
  }, 20_000);
  await child.exited;
  clearTimeout(timer);
  return performance.now() - since;
}

/**
 * Command-line fragments that mark the server process: the built bundle or the TypeScript
 * source, or scripts/start.mjs, which runs the built server in its own process.
 */
const SERVER_COMMANDS = ['server/dist/main.js', 'server/src/main.ts', 'scripts/start.mjs'];

/**
 * The pid of the server process: `ancestorPid` itself or its nearest descendant running the
 * server (under `npm start`, npm's shell's child).
 */
export function findServerPid(ancestorPid) {
  const processes = listProcesses();
  // npm runs the start script through `sh -c "node scripts/start.mjs"`: not the shell, its child.
  const isServer = (proc) =>
    !/^(\S*\/)?(ba|da)?sh /.test(proc.cmdline) &&
    SERVER_COMMANDS.some((command) => proc.cmdline.includes(command));
  const self = processes.find((proc) => proc.pid === ancestorPid);
  if (self && isServer(self)) return self.pid;
  const queue = [ancestorPid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const proc of processes.filter((candidate) => candidate.ppid === parent)) {
      if (isServer(proc)) return proc.pid;
      queue.push(proc.pid);
    }
  }
  return null;
}

/** The pids of a process's direct children (the workers of a WORKERS > 1 server). */
export function childPids(parentPid) {
  return listProcesses()
    .filter((proc) => proc.ppid === parentPid)
    .map((proc) => proc.pid);
}

/** Resident set size of a process in bytes (VmRSS), or null when it cannot be read. */
export function readRss(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds (Linux /proc, 100 Hz ticks). */
export function readCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the parenthesised command name: state is field 3, utime and stime fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** CPU time (ms) so far of each postgres process on this machine (all of them: other work too). */
export function postgresCpu() {
  const byPid = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres') {
        byPid.set(name, readCpuMs(Number(name)) ?? 0);
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return byPid;
}

/**
 * PostgreSQL's CPU between two snapshots: each process's growth, a backend started meanwhile
 * counted whole; a backend that ended meanwhile is missed (so this is a lower bound).
 */
export function postgresCpuBetween(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** A TCP port that is free on 127.0.0.1 right now. */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function getStatus(url) {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

function listProcesses() {
  const processes = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name in parentheses may hold spaces; the parent pid is the 2nd field after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
      processes.push({ pid: Number(name), ppid, cmdline });
    } catch {
      // The process ended while we looked.
    }
  }
  return processes;
}

function killQuietly(pid) {
  signalQuietly(pid, 'SIGKILL');
}

function signalQuietly(pid, signal) {
  try {
    if (pid) process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}
