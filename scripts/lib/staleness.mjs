// When a build output is older than its sources: one rule for the web and the server builds.
// Every `npm start` runs it over some 700 files, so each file or folder costs one stat call.
import { readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';

/**
 * Why the output file `built` needs a rebuild, or null when it is newer than every file under
 * `sources` (paths relative to `root`).
 */
export function staleReason(root, built, sources) {
  const output = statSync(path.join(root, built), { throwIfNoEntry: false });
  if (!output) return `${built} is missing`;
  for (const source of sources) {
    const changed = findNewerFile(path.join(root, source), output.mtimeMs);
    if (changed) return `${path.relative(root, changed)} changed since the last build`;
  }
  return null;
}

/**
 * Dates the output file `built` to when its build began (`startedAt`, a Date). A source saved
 * while the build ran may not be in the output, though the output would be newer than it: dated
 * to the start, the output is older than that source, and the next start builds again. File
 * times come from a coarse clock (a few milliseconds behind), hence the margin.
 */
export function markBuiltAt(root, built, startedAt) {
  const before = new Date(startedAt.getTime() - COARSE_CLOCK_MS);
  utimesSync(path.join(root, built), before, before);
}

const COARSE_CLOCK_MS = 20;

/** The first file or folder under `target` (itself included) modified after `since`, or null. */
function findNewerFile(target, since) {
  const stats = statSync(target, { throwIfNoEntry: false });
  if (!stats) return null;
  // A folder's own time moves when a file in it is added, removed or renamed.
  if (stats.mtimeMs > since) return target;
  if (!stats.isDirectory()) return null;
  for (const name of readdirSync(target)) {
    if (name === 'node_modules') continue;
    const found = findNewerFile(path.join(target, name), since);
    if (found) return found;
  }
  return null;
}
