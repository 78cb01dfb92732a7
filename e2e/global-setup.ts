import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, serverArgs } from '../scripts/lib/server-build.mjs';
import { staleReason } from '../scripts/lib/staleness.mjs';
import { WEB_SOURCES } from '../scripts/lib/web-build.mjs';

/** The example host page's key (embed.spec.ts starts it with the same). */
export const embedHostKey = 'e2e-embed-host-key-0123456789abcdefghij';
/** The key of the example host page on another site (a key belongs to one origin). */
export const crossSiteEmbedHostKey = 'e2e-embed-cross-site-key-0123456789abcdef';

/** The example host pages' origins (the ports come from playwright.config.ts). */
export const embedHost = {
  sameSite: `http://127.0.0.1:${process.env.E2E_EMBED_PORT}`,
  crossSite: `http://localhost:${process.env.E2E_EMBED_CROSS_SITE_PORT}`,
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'web');

/**
 * Where the app under test is built: web/dist, or E2E_WEB_DIST so that several people running
 * browser tests in one checkout at once do not overwrite each other's build.
 */
const distDir = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(webDir, 'dist');

/** Builds the web app when its build is missing or older than its sources. */
function buildWebIfStale(): void {
  const reason = staleReason(root, path.relative(root, path.join(distDir, 'index.html')), WEB_SOURCES);
  if (!reason) return;
  console.log(`[e2e] building the web app: ${reason}`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], {
    cwd: webDir,
    stdio: 'inherit',
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logFile: string): Promise<void> {
  // A fresh data dir is initialised and migrated first: on a loaded 2-core machine that alone can
  // take over a minute.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  server.kill('SIGKILL');
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '(no output)';
  throw new Error(`The server did not become healthy at ${baseUrl}.\n${log}`);
}

/**
 * Builds the web app and the server if needed and starts the real (built) server, as `npm start`
 * runs it, on a free port with a fresh data dir.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  buildWebIfStale();
  await buildServerIfStale(root);
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'convene-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const server = spawn(process.execPath, serverArgs('serve'), {
    cwd: root,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      CONVENE_DATA_DIR: dataDir,
      WEB_DIST: distDir,
      ALTCHA_COST: '200',
      // The whole suite signs up more people from one address than a real visitor would.
      AUTH_FORM_RATE_LIMIT: '10000',
      // push.spec's stand-in push service has a name that does not resolve offline; the server
      // refuses such endpoints (and loopback ones) unless this test-only switch is on.
      PUSH_ALLOW_PRIVATE_NETWORKS: 'true',
      // No tile server is reachable offline: one grey data: tile keeps map pages free of failed
      // requests (console errors) while still drawing the map (PLATFORM-NOTES pitfall 10).
      MAP_TILE_URL:
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWN48OABAAVEAqF7fMS0AAAAAElFTkSuQmCC',
      // embed.spec.ts: the example host pages may embed the app and mint codes: one on the app's
      // own site (127.0.0.1, another port), one on another site (localhost), each with its key.
      EMBED_ALLOWED_ORIGINS: `${embedHost.sameSite},${embedHost.crossSite}`,
      EMBED_HOST_KEYS: `${embedHost.sameSite}=${embedHostKey},${embedHost.crossSite}=${crossSiteEmbedHostKey}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, logFile);
  // Workers are started after this and inherit it: specs read mails from <data dir>/mail.
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.closeSync(log);
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
