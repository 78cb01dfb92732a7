// Builds the web app when its output is missing or older than its sources.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { run } from './process.mjs';
import { markBuiltAt, staleReason } from './staleness.mjs';

/** Files and folders whose changes make web/dist stale (relative to the repository root). */
export const WEB_SOURCES = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'web/public',
  'web/package.json',
  'contract/src',
  // The versions of the libraries bundled into the app.
  'package-lock.json',
];

/** Why web/dist needs a build, or null when it is up to date. */
export function webBuildReason(root) {
  return staleReason(root, 'web/dist/index.html', WEB_SOURCES);
}

/**
 * Builds web/ with `npm run build -w web` if stale. Resolves to { ok, built, message }:
 * ok is false when the web app is absent or the build failed.
 */
export async function buildWebIfStale(root, { env = process.env } = {}) {
  if (!existsSync(path.join(root, 'web', 'package.json'))) {
    return {
      ok: false,
      built: false,
      message: 'web/package.json does not exist yet, so there is no web app to build',
    };
  }
  const reason = webBuildReason(root);
  if (!reason) return { ok: true, built: false, message: 'web app is up to date' };
  console.log(`[build] ${reason}: building the web app (npm run build -w web) ...`);
  const startedAt = new Date();
  const code = await run('npm', ['run', 'build', '-w', 'web'], { cwd: root, env });
  if (code !== 0)
    return { ok: false, built: false, message: `building the web app failed (exit code ${code})` };
  if (!existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
    return { ok: false, built: false, message: 'the web build finished but wrote no web/dist/index.html' };
  }
  markBuiltAt(root, 'web/dist/index.html', startedAt);
  return { ok: true, built: true, message: 'web app built' };
}
