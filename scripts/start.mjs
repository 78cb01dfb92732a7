// `npm start`: install what is missing, build the web app and the server if stale, then run the
// built server (server/dist) in the foreground (it migrates the database at start and prints its
// URL).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureDeps, ROOT } from './ensure-deps.mjs';
import { exitCodeOf, forwardSignals, onNpmParentExit } from './lib/process.mjs';
import { buildServerIfStale, SERVER_MAIN, serverArgs } from './lib/server-build.mjs';
import { buildWebIfStale } from './lib/web-build.mjs';

const SERVER_SOURCE = 'server/src/main.ts';

async function main() {
  await ensureDeps();
  const web = await buildWebIfStale(ROOT);
  if (!web.ok) {
    if (existsSync(path.join(ROOT, 'web', 'package.json'))) fail(`[start] ${web.message}.`);
    console.warn(`[start] Warning: ${web.message}; starting the server without it.`);
  }
  if (!existsSync(path.join(ROOT, SERVER_SOURCE))) fail(`[start] ${SERVER_SOURCE} does not exist yet.`);
  await buildServerIfStale(ROOT).catch((error) =>
    fail(`[start] Building the server failed: ${error.message}`),
  );
  if (!existsSync(path.join(ROOT, SERVER_MAIN))) fail(`[start] ${SERVER_MAIN} is missing after the build.`);
  await serve();
}

/** Runs the server as a child with the same environment and exits with its exit code. */
function serve() {
  return new Promise(() => {
    const child = spawn(process.execPath, serverArgs('serve'), {
      cwd: ROOT,
      stdio: 'inherit',
    });
    forwardSignals(child);
    onNpmParentExit(() => {
      console.error('[start] npm stopped; stopping the server.');
      child.kill('SIGTERM');
    });
    child.on('error', (error) => fail(`[start] Could not start the server: ${error.message}`));
    child.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
  });
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

main().catch((error) => fail(`[start] ${error.message}`));
