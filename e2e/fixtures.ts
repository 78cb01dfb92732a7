/**
 * The one entry point of the browser tests to Playwright: every spec and helper imports `test`,
 * `expect` and the types from here, so that fixtures every test needs (the accessibility scan
 * of each screen a test visits) apply everywhere without each spec opting in.
 */
import { type BrowserContext, test as base, type Page } from '@playwright/test';
import axeCore from 'axe-core';
import {
  type A11yViolation,
  formatViolations,
  scanForViolations,
  screenKey,
  violationKey,
} from './axeScan.ts';

export * from '@playwright/test';

/** Watches the pages of one test and scans each screen they show (see `test` below). */
class ScreenScanner {
  /** Screens this worker has scanned already, in this test or an earlier one. */
  constructor(private readonly scanned: Set<string>) {}
  private readonly found = new Map<string, A11yViolation>();
  private readonly timers = new Map<Page, ReturnType<typeof setTimeout>>();
  private chain: Promise<void> = Promise.resolve();
  private readonly pages = new Set<Page>();
  private stopped = false;
  /** URLs whose scan did not finish in time (reported as an annotation, not a failure). */
  readonly skipped: string[] = [];

  async watchContext(context: BrowserContext): Promise<void> {
    // axe arrives with each document the browser loads (sent once per context, not per scan).
    await context.addInitScript({ content: axeCore.source });
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  watchPage(page: Page): void {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    page.on('framenavigated', (frame) => {
      // Full loads and the SPA's route changes (history API) both report the main frame.
      if (frame === page.mainFrame()) this.schedule(page);
    });
    page.on('close', () => {
      clearTimeout(this.timers.get(page));
      this.pages.delete(page);
    });
  }

  /** Scans a page once its URL has stopped changing for a moment (redirects come in bursts). */
  private schedule(page: Page): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(page));
    this.timers.set(
      page,
      setTimeout(() => {
        this.timers.delete(page);
        this.enqueue(page);
      }, 250),
    );
  }

  /** One scan at a time per test: scans are serialised so they never overlap on a small machine. */
  private enqueue(page: Page): Promise<void> {
    this.chain = this.chain.then(() => this.scan(page));
    return this.chain;
  }

  private async scan(page: Page): Promise<void> {
    if (page.isClosed() || page.url() === 'about:blank') return;
    const scannedUrl = page.url();
    try {
      const key = await screenKey(page);
      if (this.scanned.has(key)) return;
      const violations = await withTimeout(scanForViolations(page), scanTimeoutMs);
      // The page left during the scan (a back step to about:blank, say): what was scanned may be
      // the next document, not this screen; that one gets its own scan.
      if (page.isClosed() || page.url() !== scannedUrl) return;
      if (violations === null) {
        // A starved machine can stall one scan; the test goes on and says so in its report.
        this.skipped.push(page.url());
        return;
      }
      this.scanned.add(await screenKey(page));
      for (const violation of violations) {
        const id = violationKey(violation);
        if (!this.found.has(id)) this.found.set(id, violation);
      }
    } catch (error) {
      // The test moved on (navigation, closed page or context) while the screen was scanned: the
      // next screen gets its own scan, and the end of the test scans what is left.
      // ("reading 'run'" or "'runPartial'": a new document without axe replaced the scanned one.)
      if (!isGoneError(error)) throw error;
    }
  }

  /** Scans what every open page shows now, then returns everything found during the test. */
  async finish(): Promise<A11yViolation[]> {
    this.stopped = true;
    for (const [page, timer] of this.timers) {
      clearTimeout(timer);
      this.timers.delete(page);
    }
    for (const page of this.pages) await this.enqueue(page);
    await this.chain;
    return [...this.found.values()];
  }
}

/** How long one scan may take before it is given up. */
const scanTimeoutMs = 30_000;

/** The promise's value, or null when it takes longer than `ms` (the promise is left to settle). */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  promise.catch(() => undefined);
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function isGoneError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Execution context was destroyed|Target page, context or browser has been closed|Target closed|has been closed|navigat|Frame was detached|Cannot find context|reading 'run(Partial)?'/i.test(
    message,
  );
}

/**
 * `test` with an automatic accessibility scan: every screen a test visits (each full load and each
 * route change of the SPA, in every page of the test's context and of contexts it creates from
 * `browser`, once settled, plus the state each page is left in at the end) is scanned with axe-core
 * for WCAG 2.0/2.1 A and AA; a serious or critical violation fails the test, listing rule, impact,
 * element and URL. The same screen (route, language, width, open dialogs) is scanned once per worker.
 */
export const test = base.extend<
  { a11yScan: undefined; scanScreens: boolean },
  { scannedScreens: Set<string> }
>({
  /**
   * The screens a worker has scanned: a screen (route with its ids left out, language, width, open
   * dialogs) is scanned by the first test that shows it, not again by every later one.
   */
  scannedScreens: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      await use(new Set());
    },
    { scope: 'worker' },
  ],
  /** Off only for the scanner's own check, which plants violations on purpose. */
  scanScreens: [true, { option: true }],
  a11yScan: [
    async ({ context, browser, page, scanScreens, scannedScreens }, use, testInfo) => {
      const scanner = scanScreens ? new ScreenScanner(scannedScreens) : undefined;
      await scanner?.watchContext(context);
      scanner?.watchPage(page);
      // Pages of contexts the test makes itself (browser.newPage goes through newContext).
      const created: BrowserContext[] = [];
      const originalNewContext = browser.newContext;
      browser.newContext = async function newContext(this: typeof browser, ...args) {
        const made = await originalNewContext.apply(this, args);
        created.push(made);
        await scanner?.watchContext(made);
        return made;
      } as typeof browser.newContext;
      try {
        await use(undefined);
      } finally {
        browser.newContext = originalNewContext;
      }
      try {
        // A test that already failed keeps its own error; scanning its last screen adds noise.
        if (!scanner || testInfo.status !== testInfo.expectedStatus) return;
        const violations = await scanner.finish();
        for (const url of scanner.skipped) {
          testInfo.annotations.push({ type: 'a11y-scan-timeout', description: url });
        }
        if (violations.length > 0) {
          throw new Error(
            `Accessibility: ${violations.length} serious or critical axe-core violation(s):\n${formatViolations(violations)}`,
          );
        }
      } finally {
        // `browser` lives as long as the worker: contexts a test made are closed here, or their
        // pages would keep running (sockets, timers, realtime refetches) through every later test.
        await Promise.all(created.map((made) => made.close().catch(() => undefined)));
      }
    },
    // Its own time budget: the last scans run after the test body, on a busy machine too.
    { auto: true, timeout: 90_000 },
  ],
});
