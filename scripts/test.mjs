// `npm test`: install what is missing (Chromium too), then run typecheck, lint, unit and
// integration tests (Vitest) and browser tests (Playwright), continuing after failures.
// Ends with one plain line `N passed, N failed[, N skipped]`; exits non-zero if anything failed.
//
//   npm test                      everything
//   npm test -- --only=unit,e2e   a subset of: typecheck, lint, docs, unit, e2e
import { ensureDeps, ROOT } from './ensure-deps.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { onNpmParentExit, signalRunning } from './lib/process.mjs';
import { runDocsCheck, runE2e, runLint, runTypecheck, runVitest, tally } from './lib/test-stages.mjs';

const STAGES = {
  typecheck: runTypecheck,
  lint: runLint,
  docs: runDocsCheck,
  unit: runVitest,
  e2e: runE2e,
};

let stoppedBy = null;

async function main() {
  stopOnRequest();
  const selected = parseOnly(process.argv.slice(2));
  const env = testEnv(process.env);
  const results = [];

  try {
    await ensureDeps();
  } catch (error) {
    results.push({ stage: 'install', ...tally({ failed: 1, note: error.message }) });
    return finish(results);
  }

  const chromium = selected.includes('e2e') ? await ensureChromium() : { ok: true, message: 'not needed' };
  if (!chromium.ok) console.error(`[chromium] ${chromium.message}`);

  for (const stage of selected) {
    if (stoppedBy) break;
    banner(stage);
    const startedAt = Date.now();
    const counts = await STAGES[stage]({ root: ROOT, env, chromium });
    results.push({ stage, seconds: (Date.now() - startedAt) / 1000, ...counts });
  }
  if (stoppedBy) results.push({ stage: 'stopped', ...tally({ failed: 1, note: `by ${stoppedBy}` }) });
  return finish(results);
}

/** On SIGINT/SIGTERM (or npm going away) stop the running tool and skip the remaining stages. */
function stopOnRequest() {
  const stop = (reason, signal) => {
    if (stoppedBy) return;
    stoppedBy = reason;
    signalRunning(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal, signal));
  onNpmParentExit(() => stop('npm exiting', 'SIGTERM'));
}

/** The stages named by `--only=a,b` (in the standard order), or all of them. */
function parseOnly(args) {
  const option = args.find((arg) => arg.startsWith('--only='));
  if (!option) return Object.keys(STAGES);
  const wanted = option
    .slice('--only='.length)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = wanted.filter((name) => !(name in STAGES));
  if (unknown.length > 0 || wanted.length === 0) {
    console.error(`Unknown stage in ${option}; choose from: ${Object.keys(STAGES).join(', ')}`);
    process.exit(2);
  }
  return Object.keys(STAGES).filter((name) => wanted.includes(name));
}

/** The environment for the tools: passed through, with colours off in CI logs. */
function testEnv(base) {
  if (base.CI !== 'true' && base.CI !== '1') return { ...base };
  return { ...base, NO_COLOR: '1', FORCE_COLOR: '0' };
}

function banner(stage) {
  console.log(`\n=== ${stage} ===`);
}

/** Prints the per-stage summary and the final plain line, then exits. */
function finish(results) {
  const total = results.reduce(
    (sum, result) => ({
      passed: sum.passed + result.passed,
      failed: sum.failed + result.failed,
      skipped: sum.skipped + result.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  console.log('\n=== summary ===');
  const width = Math.max(...results.map((result) => result.stage.length));
  for (const result of results) {
    const time = result.seconds === undefined ? '' : ` in ${result.seconds.toFixed(1)} s`;
    const note = result.note ? ` (${result.note})` : '';
    console.log(`${result.stage.padEnd(width)}  ${countLine(result)}${time}${note}`);
  }
  console.log(countLine(total));
  process.exit(total.failed > 0 ? 1 : 0);
}

/** `N passed, N failed`, with `, N skipped` only when some were skipped. */
function countLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

main().catch((error) => {
  console.error(`[test] ${error.stack ?? error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
