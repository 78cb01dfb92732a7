// A Vitest 4 reporter that writes the run's totals as JSON { passed, failed, skipped } to the file
// named by VITEST_COUNT_FILE, so `npm test` can print one plain summary line.
// Use it beside the default reporter:
//   npx vitest run --reporter=default --reporter=./scripts/vitest-count-reporter.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Counts test results per state; a test module that failed to load counts as one failed test. */
export function countResults(testModules, unhandledErrors = []) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const testModule of testModules) {
    let failedTests = 0;
    for (const test of testModule.children.allTests()) {
      const { state } = test.result();
      if (state === 'passed') counts.passed += 1;
      else if (state === 'skipped') counts.skipped += 1;
      else {
        // "pending" at the end of a run means it never finished (interrupted or timed out).
        counts.failed += 1;
        failedTests += 1;
      }
    }
    if (failedTests === 0 && moduleFailedOutsideTests(testModule)) counts.failed += 1;
  }
  counts.failed += unhandledErrors.length;
  return counts;
}

/** True when a module failed without a failing test: a syntax error, a throwing import or hook. */
function moduleFailedOutsideTests(testModule) {
  return testModule.errors().length > 0 || testModule.state() === 'failed';
}

export default class CountReporter {
  /** Writes the totals once the run ends (also for interrupted runs). */
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const file = process.env.VITEST_COUNT_FILE;
    if (!file) return;
    const counts = countResults(testModules, unhandledErrors);
    if (reason === 'interrupted' && counts.failed === 0) counts.failed = 1;
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ ...counts, reason })}\n`);
  }
}
