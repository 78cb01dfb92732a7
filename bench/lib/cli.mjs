// What every bench script's command line shares: `--name=value` options, and saving its results
// (--json=FILE, and --write into its own section of docs/PERFORMANCE.md).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeMachine } from './report.mjs';

/** The value of `--name=value` on the command line, or `fallback`. */
export function option(name, fallback) {
  const arg = process.argv.find((candidate) => candidate.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

/**
 * Writes `results` to the --json file when one is given and, with --write, rewrites their
 * section of docs/PERFORMANCE.md: `replaceSection(file, results, machine)`.
 */
export function saveResults({ root, results, replaceSection, label, section }) {
  const json = option('json', null);
  if (json) writeFileSync(json, JSON.stringify(results, null, 2));
  if (process.argv.includes('--write')) {
    replaceSection(path.join(root, 'docs', 'PERFORMANCE.md'), results, describeMachine(root));
    console.log(`[${label}] docs/PERFORMANCE.md: ${section} section rewritten`);
  }
}
