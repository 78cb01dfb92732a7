// Child-process helpers shared by the start, test, dev and bench scripts (standard library only).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** Runs a command with inherited stdio and resolves to its exit code (128 + signal number if killed). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

/** Turns a child's (code, signal) pair into one shell-style exit code. */
export function exitCodeOf(code, signal) {
  if (code !== null) return code;
  return 128 + (constants.signals[signal] ?? 1);
}

/**
 * Passes SIGINT and SIGTERM on to a child until it exits. A Ctrl-C under `npm start` reaches
 * this process several times at once (from the terminal and again from npm); repeats within
 * half a second are dropped so the child sees one request to stop, while a deliberate second
 * Ctrl-C still gets through.
 */
export function forwardSignals(child, signals = ['SIGINT', 'SIGTERM']) {
  const lastSent = new Map();
  const handlers = signals.map((signal) => {
    const handler = () => {
      const now = Date.now();
      if (now - (lastSent.get(signal) ?? 0) < 500) return;
      lastSent.set(signal, now);
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    process.on(signal, handler);
    return [signal, handler];
  });
  child.once('exit', () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  });
}

/** Resolves after the given number of milliseconds. */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
