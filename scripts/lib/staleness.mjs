// When a build output is older than its sources: one rule for the web and the server builds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Why the output file `built` needs a rebuild, or null when it is newer than every file under
 * `sources` (paths relative to `root`).
 */
export function staleReason(root, built, sources) {
  const output = path.join(root, built);
  if (!existsSync(output)) return `${built} is missing`;
  const builtAt = statSync(output).mtimeMs;
  for (const source of sources) {
    const changed = findNewerFile(path.join(root, source), builtAt);
    if (changed) return `${path.relative(root, changed)} changed since the last build`;
  }
  return null;
}

/** The first file or folder under `target` (itself included) modified after `since`, or null. */
function findNewerFile(target, since) {
  if (!existsSync(target)) return null;
  const stats = statSync(target);
  // A folder's own time moves when a file in it is added, removed or renamed.
  if (stats.mtimeMs > since) return target;
  if (!stats.isDirectory()) return null;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const found = findNewerFile(path.join(target, entry.name), since);
    if (found) return found;
  }
  return null;
}
