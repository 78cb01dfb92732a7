// `npm run dev`: the API server (restarting on change) on API_PORT (default 3001) and the Vite dev
// server (hot reload, proxying /api, /media and /socket.io to the API) on PORT (default 3000).
// Output is prefixed per process; Ctrl-C stops both, and either one exiting stops the other.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureDeps, ROOT } from './ensure-deps.mjs';
import { exitCodeOf, onNpmParentExit } from './lib/process.mjs';

const children = new Set();
let stopping = false;

async function main() {
  await ensureDeps();
  const port = process.env.PORT || '3000';
  const apiPort = process.env.API_PORT || '3001';
  const env = { ...process.env, API_PORT: apiPort };

  if (!existsSync(path.join(ROOT, 'server/src/main.ts')))
    fail('[dev] server/src/main.ts does not exist yet.');
  start('api', process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts', 'serve'], {
    ...env,
    PORT: apiPort,
  });
  if (existsSync(path.join(ROOT, 'web', 'package.json'))) {
    const host = env.HOST || '127.0.0.1';
    // Passed as flags because Vite does not read PORT or HOST from the environment.
    const viteArgs = ['--', '--port', port, '--strictPort', '--host', host];
    start('web', 'npm', ['run', 'dev', '-w', 'web', ...viteArgs], { ...env, PORT: port });
    console.log(`[dev] open http://${host}:${port} (API on port ${apiPort})`);
  } else {
    console.warn('[dev] web/package.json does not exist yet: running the API only.');
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
  onNpmParentExit(() => stopAll(0));
}

/** Starts a child in its own process group (so the whole tree can be stopped) with prefixed output. */
function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  prefixLines(child.stdout, process.stdout, name);
  prefixLines(child.stderr, process.stderr, name);
  child.on('error', (error) => {
    console.error(`[${name}] could not start: ${error.message}`);
    stopAll(1);
  });
  // 'close' waits for the output pipes to drain, so the last lines are printed before exiting.
  child.on('close', (code, signal) => {
    children.delete(child);
    if (!stopping) console.log(`[dev] ${name} exited (${signal ?? `code ${code}`}); stopping the rest.`);
    stopAll(exitCodeOf(code, signal));
  });
}

function prefixLines(from, to, name) {
  const label = `[${name}] `;
  createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    to.write(`${label}${line}\n`);
  });
}

/** Asks every child's process group to stop, forces it after 5 s, and exits once all are gone. */
function stopAll(code) {
  if (!stopping) {
    stopping = true;
    process.exitCode = code;
    for (const child of children) signalGroup(child, 'SIGTERM');
    setTimeout(() => {
      for (const child of children) signalGroup(child, 'SIGKILL');
    }, 5000).unref();
  }
  if (children.size === 0) process.exit(process.exitCode ?? code);
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

main().catch((error) => fail(`[dev] ${error.message}`));
