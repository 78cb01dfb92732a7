import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axeCore from 'axe-core';

/**
 * The rules every screen must pass: every axe rule that is not experimental (WCAG 2.0 and 2.1 A
 * and AA, and best practices) and one that is, label-content-name-mismatch (WCAG 2.5.3, label in
 * name: a control's accessible name holds the words it shows, so speech input finds it).
 */
export const axeRuleOptions = { 'label-content-name-mismatch': { enabled: true } };
const failingImpacts = new Set(['serious', 'critical']);

/** One serious or critical violation on one element, with where it was seen. */
export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  target: string;
  summary: string;
  url: string;
}

/** Same rule on the same element: reported once per test, wherever and however often it was seen. */
export function violationKey(violation: A11yViolation): string {
  return `${violation.rule}|${violation.target}`;
}

export function formatViolations(violations: A11yViolation[]): string {
  return violations
    .map(
      (v) =>
        `- [${v.impact}] ${v.rule} (${v.help})\n    target: ${v.target}\n    url: ${v.url}` +
        (v.summary ? `\n    ${v.summary.replaceAll('\n', '\n    ')}` : ''),
    )
    .join('\n');
}

/**
 * Waits (bounded) until the screen has settled: the document loaded, no finite animation or
 * transition running (a dialog fading in has the wrong contrast) and no DOM change for 150 ms.
 */
async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // Polled from here, not with timers in the page: a page in the background has its timers throttled.
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const state = await page.evaluate(() => {
      const marked = window as unknown as { a11yLastChange?: number };
      if (marked.a11yLastChange === undefined) {
        marked.a11yLastChange = performance.now();
        new MutationObserver(() => {
          marked.a11yLastChange = performance.now();
        }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      }
      const busy =
        // A new document still being parsed is empty (no title, no lang yet): not a screen.
        document.readyState !== 'complete' ||
        document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
          ) ||
        document.querySelector('[role="progressbar"]') !== null ||
        // A dialog, menu or its backdrop half faded in or out blends its colours (wrong contrast).
        [...document.querySelectorAll('.MuiBackdrop-root, .MuiDialog-container, .MuiPopover-paper')].some(
          (element) => {
            const opacity = Number(getComputedStyle(element).opacity);
            return opacity > 0 && opacity < 1;
          },
        );
      return { quietMs: performance.now() - marked.a11yLastChange, busy };
    });
    if (state.quietMs >= 150 && !state.busy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What distinguishes one "screen" from another beyond the URL: language, viewport width and the
 * open dialogs. Scans are skipped for a key already scanned (by this worker).
 */
export async function screenKey(page: Page): Promise<string> {
  const state = await page.evaluate(() => {
    // A document caught between navigations has no root element yet.
    if (!document.documentElement) return null;
    const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
      .map((dialog) => dialog.getAttribute('aria-labelledby') ?? dialog.textContent?.slice(0, 40) ?? '')
      .join(',');
    return `${document.documentElement.lang}|${window.innerWidth}|${dialogs}`;
  });
  // The scanner takes this for a page that moved on: the loaded document gets its own scan.
  if (state === null) throw new Error('navigating: the document has no root element yet');
  return `${routeOf(page.url())}|${state}`;
}

/**
 * The route of a URL, its ids replaced: /calendars/{id}/events is one screen whichever calendar
 * it shows (ids are 32 hex digits; event pages also carry the event's name).
 */
export function routeOf(url: string): string {
  const { pathname, search } = new URL(url);
  const route = `${pathname}${search}`
    .replace(/\/events\/[^/?]*-[0-9a-f]{32}/g, '/events/:event')
    .replace(/[0-9a-f]{32}/g, ':id');
  return route;
}

/**
 * Scans the page as it is now with axe-core (the rules above) and returns its serious and
 * critical violations. axe is injected once per document (its ~0.5 MB source is sent only when the
 * document has none yet) and run in the page itself. Evaluation through Playwright is not subject
 * to the app's CSP (PLATFORM-NOTES 18).
 */
export async function scanForViolations(
  page: Page,
  options: { settle?: boolean } = {},
): Promise<A11yViolation[]> {
  if (options.settle !== false) await waitUntilSettled(page);
  const url = page.url();
  const hasAxe = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  // The ~0.5 MB source goes only to a document without axe, injected here without AxeBuilder's 1 s
  // race (too short on a busy machine); AxeBuilder, which evaluates its source in every frame at
  // each scan, gets an empty statement. Legacy mode runs axe in the page (no helper tab per scan).
  if (!hasAxe) await page.evaluate(axeCore.source);
  // The document scanned must be the one that settled, whole: a navigation that began meanwhile
  // would have axe judge a half-parsed new document (e.g. "no title", "no lang").
  const scannedDocument = await page.evaluate(() => {
    const marked = window as unknown as { a11yDocument?: string };
    marked.a11yDocument ??= Math.random().toString(36).slice(2);
    return document.readyState === 'complete' ? marked.a11yDocument : null;
  });
  if (scannedDocument === null) throw new Error('navigated before the scan: the new document gets its own');
  const builder = new AxeBuilder({ page, axeSource: ';' })
    .setLegacyMode(true)
    // Only violations come back: passes and incomplete results are most of axe's output.
    // The app draws no frames of its own: axe does not wait for answers from frames (a stuck
    // frame would hold the scan, and the test's next action, for a minute).
    .options({
      resultTypes: ['violations'],
      iframes: false,
      frameWaitTime: 2000,
      rules: axeRuleOptions,
    });
  const results = await builder.analyze();
  const sameDocument = await page.evaluate(
    (id) => (window as unknown as { a11yDocument?: string }).a11yDocument === id,
    scannedDocument,
  );
  if (!sameDocument) throw new Error('navigated during the scan: the new document gets its own');
  return results.violations
    .filter((violation) => failingImpacts.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        target: node.target.map(String).join(' >> '),
        summary: node.failureSummary ?? '',
        url,
      })),
    );
}
