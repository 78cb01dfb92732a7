// Checks that README.md's configuration table and server/src/config.ts name the same environment
// variables, so the table cannot silently fall behind. `node scripts/check-config-docs.mjs`
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './ensure-deps.mjs';

const CONFIG_FILE = 'server/src/config.ts';

/** Variable names declared in config.ts's `const environment = z.object({ … })`. */
export function listConfigVariables(source) {
  const start = source.indexOf('const environment = z.object({');
  if (start === -1) return [];
  const end = source.indexOf('\n});', start);
  const block = source.slice(start, end === -1 ? undefined : end);
  return [...block.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]);
}

/** Variable names in the README's "## Configuration" table (first column). */
export function listDocumentedVariables(readme) {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration'));
  if (!section) return [];
  const firstCells = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|')[1] ?? '');
  return firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
}

/** Differences between the two lists: { missing: in config only, unknown: in README only }. */
export function compareConfigDocs(root = ROOT) {
  const configPath = path.join(root, CONFIG_FILE);
  if (!existsSync(configPath)) return { missing: [], unknown: [], error: `${CONFIG_FILE} is missing` };
  const declared = listConfigVariables(readFileSync(configPath, 'utf8'));
  if (declared.length === 0)
    return { missing: [], unknown: [], error: `no variables found in ${CONFIG_FILE}` };
  const documented = listDocumentedVariables(readFileSync(path.join(root, 'README.md'), 'utf8'));
  return {
    missing: declared.filter((name) => !documented.includes(name)),
    unknown: documented.filter((name) => !declared.includes(name)),
  };
}

/** Prints the result; returns true when README and config agree. */
export function checkConfigDocs(root = ROOT) {
  const { missing, unknown, error } = compareConfigDocs(root);
  if (error) console.error(`[docs] ${error}`);
  if (missing.length > 0)
    console.error(`[docs] README.md's configuration table lacks: ${missing.join(', ')}`);
  if (unknown.length > 0)
    console.error(`[docs] README.md documents variables config.ts does not read: ${unknown.join(', ')}`);
  const ok = !error && missing.length === 0 && unknown.length === 0;
  if (ok) console.log(`[docs] README.md documents every variable of ${CONFIG_FILE}.`);
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(checkConfigDocs() ? 0 : 1);
}
