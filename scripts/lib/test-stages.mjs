// The stages of `npm test`. Each runs its tool with streamed output and resolves to counts
// { passed, failed, skipped, note? }; a tool that fails without saying how many tests failed
// counts as one failed test, so a broken stage can never read as a pass.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compareConfigDocs } from '../check-config-docs.mjs';
import { run } from './process.mjs';
import { buildWebIfStale } from './web-build.mjs';

/** The TypeScript projects checked by the typecheck stage, one test each. */
export const TYPECHECK_PROJECTS = ['contract', 'server', 'web', 'e2e'];

/** Where the Playwright config's JSON reporter may write (its path is relative to the config or the root). */
const E2E_REPORTS = ['test-results/e2e.json', 'e2e/test-results/e2e.json'];
const E2E_CONFIG = 'e2e/playwright.config.ts';

/** Type-checks each project with `tsc -p <project>`: one test per project. */
export async function runTypecheck({ root, env }) {
  const counts = tally();
  const notes = [];
  for (const project of TYPECHECK_PROJECTS) {
    if (!existsSync(path.join(root, project, 'tsconfig.json'))) {
      counts.failed += 1;
      notes.push(`${project}/tsconfig.json is missing`);
      continue;
    }
    console.log(`[typecheck] tsc -p ${project}`);
    const code = await run('npx', ['tsc', '-p', project], { cwd: root, env });
    if (code === 0) counts.passed += 1;
    else {
      counts.failed += 1;
      notes.push(`${project} has type errors`);
    }
  }
  return withNote(counts, notes.join('; '));
}

/** Formats and lints the repository with `biome check .`: one test. */
export async function runLint({ root, env }) {
  const code = await run('npx', ['biome', 'check', '--error-on-warnings', '.'], { cwd: root, env });
  return code === 0 ? tally({ passed: 1 }) : tally({ failed: 1, note: 'biome check found problems' });
}

/** Checks that README.md's configuration table matches server/src/config.ts: one test. */
export async function runDocsCheck({ root }) {
  const { missing, unknown, error } = compareConfigDocs(root);
  const problems = [
    error,
    missing.length > 0 && `README.md lacks ${missing.join(', ')}`,
    unknown.length > 0 && `README.md documents unknown ${unknown.join(', ')}`,
  ].filter(Boolean);
  console.log(
    problems.length === 0
      ? '[docs] README.md configuration table matches config.ts'
      : `[docs] ${problems.join('; ')}`,
  );
  return problems.length === 0 ? tally({ passed: 1 }) : tally({ failed: 1, note: problems.join('; ') });
}

/** Runs Vitest (unit and integration tests) and reads the counts its reporter wrote. */
export async function runVitest({ root, env }) {
  const countFile = path.join(tmpdir(), `convene-vitest-counts-${process.pid}.json`);
  rmSync(countFile, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=./scripts/vitest-count-reporter.mjs'];
  const code = await run('npx', args, { cwd: root, env: { ...env, VITEST_COUNT_FILE: countFile } });
  const counts = readJson(countFile);
  rmSync(countFile, { force: true });
  if (!counts) {
    return code === 0
      ? tally()
      : tally({ failed: 1, note: `vitest exited with ${code} before reporting counts` });
  }
  const result = tally({ passed: counts.passed, failed: counts.failed, skipped: counts.skipped });
  if (code !== 0 && result.failed === 0) {
    result.failed = 1;
    result.note = `vitest exited with ${code} although no test failed`;
  }
  return result;
}

/** Builds the web app if stale, then runs the Playwright browser tests and reads their JSON report. */
export async function runE2e({ root, env, chromium }) {
  if (!chromium.ok) return tally({ failed: 1, note: `not run: ${chromium.message}` });
  if (!existsSync(path.join(root, E2E_CONFIG)))
    return tally({ failed: 1, note: `not run: ${E2E_CONFIG} is missing` });
  const web = await buildWebIfStale(root, { env });
  if (!web.ok) return tally({ failed: 1, note: `not run: ${web.message}` });

  const startedAt = Date.now();
  for (const report of E2E_REPORTS) rmSync(path.join(root, report), { force: true });
  const code = await run('npx', ['playwright', 'test', '-c', E2E_CONFIG], { cwd: root, env });
  const report = readFreshReport(root, startedAt);
  if (!report) {
    return tally({ failed: 1, note: `playwright exited with ${code} and wrote no ${E2E_REPORTS[0]}` });
  }
  const result = countPlaywright(report);
  if (code !== 0 && result.failed === 0) {
    result.failed = 1;
    result.note = `playwright exited with ${code}${firstError(report)}`;
  }
  return result;
}

/**
 * Counts a Playwright JSON report: expected = passed, unexpected = failed, skipped = skipped.
 * A flaky test (failed, then passed on retry) counts as passed; Playwright itself reports it
 * separately, and the note keeps it visible.
 */
export function countPlaywright(report) {
  const stats = report.stats ?? {};
  const flaky = stats.flaky ?? 0;
  const counts = tally({
    passed: (stats.expected ?? 0) + flaky,
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  });
  if (flaky > 0) counts.note = `${flaky} flaky (passed on retry)`;
  if (counts.failed === 0 && (report.errors?.length ?? 0) > 0) {
    counts.failed = report.errors.length;
    counts.note = `errors outside tests${firstError(report)}`;
  }
  return counts;
}

function readFreshReport(root, since) {
  for (const candidate of E2E_REPORTS) {
    const file = path.join(root, candidate);
    // Allow for coarse file-system clocks when comparing with the start time.
    if (existsSync(file) && statSync(file).mtimeMs >= since - 2000) return readJson(file);
  }
  return null;
}

const ANSI_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function firstError(report) {
  const message = report.errors?.[0]?.message?.replace(ANSI_CODES, '');
  return message ? `: ${message.split('\n')[0].slice(0, 160)}` : '';
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A counts record; numbers default to zero. */
export function tally({ passed = 0, failed = 0, skipped = 0, note = '' } = {}) {
  return { passed, failed, skipped, note };
}

function withNote(counts, note) {
  return { ...counts, note };
}
