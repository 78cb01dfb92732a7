// Child-process helpers shared by the start, test, dev and bench scripts (standard library only).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const running = new Set();

/** Runs a command with inherited stdio and resolves to its exit code (128 + signal number if killed). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    running.add(child);
    child.on('error', (error) => {
      running.delete(child);
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(exitCodeOf(code, signal));
    });
  });
}

/** Sends a signal to every child started with run() that is still running. */
export function signalRunning(signal) {
  for (const child of running) child.kill(signal);
}

/** Turns a child's (code, signal) pair into one shell-style exit code. */
export function exitCodeOf(code, signal) {
  if (code !== null) return code;
  return 128 + (constants.signals[signal] ?? 1);
}

/**
 * Calls `onGone` once if the npm process that ran this script goes away. `kill <npm pid>` makes
 * npm pass SIGTERM to its `sh -c` wrapper, which dies without passing it on; this script would
 * then live on as an orphan (keeping the port and the database), so it watches for its parent
 * changing instead. Only under npm: a script started directly may outlive its shell on purpose.
 */
export function onNpmParentExit(onGone) {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, 500);
  timer.unref();
}

/** Resolves after the given number of milliseconds. */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
