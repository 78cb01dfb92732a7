// The load generator's processes (bench/load-agent.mjs), driven over IPC: user n belongs to
// agent n mod K. Each command goes to every agent; the answers come back in agent order.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStats } from './load-stats.mjs';
import { readCpuMs } from './server.mjs';

const AGENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'load-agent.mjs');

/** Forks `count` agents against `base` (http://host:port) for users 0 … maxUsers−1. */
export async function startAgents({ count, base, maxUsers }) {
  const agents = Array.from({ length: count }, () => {
    const child = fork(AGENT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.exited = new Promise((resolve) => child.on('exit', resolve));
    return child;
  });
  const ask = (child, command) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type !== command.type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code) => reject(new Error(`a load agent exited (${code}) during ${command.type}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(command);
    });
  const all = (command) => Promise.all(agents.map((child) => ask(child, command)));
  await Promise.all(
    agents.map((child, k) =>
      ask(child, {
        type: 'init',
        base,
        users: Array.from({ length: maxUsers }, (_, n) => n).filter((n) => n % count === k),
      }),
    ),
  );
  return {
    pids: agents.map((child) => child.pid),
    /** Connects users up to `users` (each agent its share); resolves to sockets connected and failed. */
    async target(users) {
      const answers = await all({ type: 'target', count: users });
      return {
        connected: answers.reduce((sum, a) => sum + a.connected, 0),
        failed: answers.reduce((sum, a) => sum + a.failed, 0),
      };
    },
    /** Counts requests started and realtime messages sent between these Date.now() times. */
    window: (start, end) => all({ type: 'window', start, end }),
    /** The window's measurements of every agent, merged. */
    async collect() {
      const parts = (await all({ type: 'collect' })).map((answer) => answer.stats);
      return mergeStats(parts);
    },
    /** Per second: requests that succeeded and failed, over the whole run. */
    async timeline() {
      const merged = new Map();
      for (const { timeline } of await all({ type: 'timeline' })) {
        for (const [second, bucket] of timeline) {
          const sum = merged.get(second) ?? { ok: 0, failed: 0 };
          sum.ok += bucket.ok;
          sum.failed += bucket.failed;
          merged.set(second, sum);
        }
      }
      return merged;
    },
    /** Every write the agents sent, with whether it was acknowledged. */
    async writes() {
      const answers = await all({ type: 'writes' });
      return {
        messages: answers.flatMap((answer) => answer.writes.messages),
        rsvps: answers.flatMap((answer) => answer.writes.rsvps),
      };
    },
    /** CPU time the agents have used so far (ms). */
    cpuMs: () => agents.reduce((sum, child) => sum + (readCpuMs(child.pid) ?? 0), 0),
    async stop() {
      await Promise.all(agents.map((child) => ask(child, { type: 'stop' }).catch(() => undefined)));
      await Promise.all(agents.map((child) => child.exited));
    },
  };
}

function mergeStats(parts) {
  const merged = { ...freshStats(), connectedSockets: 0, sockets: 0, pending: 0 };
  for (const part of parts) {
    for (const key of ['ok', 'fiveXx', 'other', 'errors', 'sendsAcked', 'reconnects', 'connectErrors']) {
      merged[key] += part[key];
    }
    for (const key of ['connectedSockets', 'sockets', 'pending']) merged[key] += part[key];
    for (const value of part.latencies) merged.latencies.push(value);
    for (const value of part.deliveries) merged.deliveries.push(value);
    for (const [action, values] of Object.entries(part.byAction)) {
      merged.byAction[action] = [...(merged.byAction[action] ?? []), ...values];
    }
    for (const key of ['fiveXxCodes', 'otherCodes', 'errorKinds']) {
      for (const [code, n] of Object.entries(part[key])) merged[key][code] = (merged[key][code] ?? 0) + n;
    }
  }
  return merged;
}
