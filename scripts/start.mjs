// `npm start`: install what is missing, build the web app and the server if stale, then run the
// built server (server/dist) in this same process (it migrates the database at start and prints
// its URL).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDeps, ROOT } from './ensure-deps.mjs';
import { onNpmParentExit } from './lib/process.mjs';
import { buildServerIfStale, SERVER_MAIN } from './lib/server-build.mjs';
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
  const server = await buildServerIfStale(ROOT).catch((error) =>
    fail(`[start] Building the server failed: ${error.message}`),
  );
  // esbuild's helper process would otherwise live as long as the server.
  if (server.built) await (await import('esbuild')).stop();
  if (!existsSync(path.join(ROOT, SERVER_MAIN))) fail(`[start] ${SERVER_MAIN} is missing after the build.`);
  await serve();
}

/**
 * Runs the built server in this process, as `node server/dist/main.js serve` from the repository
 * root would: a second Node process would add its own start-up to every `npm start`. The server
 * handles SIGINT and SIGTERM itself and exits with its own code.
 */
async function serve() {
  const entry = path.join(ROOT, SERVER_MAIN);
  // The data dir and web/dist default to paths relative to the working directory.
  process.chdir(ROOT);
  // The server reads its command from argv; with WORKERS > 1 its workers are forks of argv[1].
  process.argv = [process.execPath, entry, 'serve'];
  onNpmParentExit(() => {
    console.error('[start] npm stopped; stopping the server.');
    process.kill(process.pid, 'SIGTERM');
  });
  await import(pathToFileURL(entry).href);
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

main().catch((error) => fail(`[start] ${error.message}`));
