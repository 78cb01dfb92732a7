import { routeOf, scanForViolations } from './axeScan.ts';
import { expect, test } from './fixtures';

// This test plants a violation on purpose and checks the scanner itself finds it.
test.use({ scanScreens: false });

test('the scanner reports a serious violation on a screen of the app, under its CSP, injecting axe once', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.evaluate(() => {
    const probe = document.createElement('button');
    probe.id = 'a11y-probe';
    document.body.append(probe);
  });

  const violations = await scanForViolations(page);
  expect(violations).toContainEqual(
    expect.objectContaining({ rule: 'button-name', impact: 'critical', target: '#a11y-probe' }),
  );
  expect(violations[0]?.url).toContain('/login');

  // A second scan of the same document reuses the axe already there (a mark on it survives).
  await page.evaluate(() => {
    (window as unknown as { axe: { probeMark?: boolean } }).axe.probeMark = true;
  });
  await page.evaluate(() => document.getElementById('a11y-probe')?.remove());
  const again = await scanForViolations(page);
  expect(again.filter((violation) => violation.target === '#a11y-probe')).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { axe: { probeMark?: boolean } }).axe.probeMark),
  ).toBe(true);
});

test('a document still being parsed is not judged: its scan gives way to the new document', async ({
  page,
}) => {
  // A page without title or lang whose parsing waits for a script: judged now, it would fail.
  let releaseScript = () => {};
  const held = new Promise<void>((resolve) => {
    releaseScript = resolve;
  });
  await page.route('**/a11y-probe-loading', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html><head><script src="/a11y-probe-held.js"></script></head><body><p>x</p></body></html>',
    }),
  );
  await page.route('**/a11y-probe-held.js', async (route) => {
    await held;
    await route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await page.goto('/a11y-probe-loading', { waitUntil: 'commit' });
  expect(await page.evaluate(() => document.readyState)).toBe('loading');
  await expect(scanForViolations(page, { settle: false })).rejects.toThrow(/navigated before the scan/);
  releaseScript();
  await page.waitForLoadState('load');
  // Once loaded, the same page is judged, and its faults are found.
  const violations = await scanForViolations(page, { settle: false });
  expect(violations.map((violation) => violation.rule)).toEqual(
    expect.arrayContaining(['document-title', 'html-has-lang']),
  );
});

test('one screen whichever calendar, event or person it shows: ids leave the scanned route', () => {
  const id = 'a'.repeat(32);
  expect(routeOf(`http://127.0.0.1/calendars/${id}/people?person=${id}`)).toBe(
    '/calendars/:id/people?person=:id',
  );
  expect(routeOf(`http://127.0.0.1/events/Book_club-${id}`)).toBe('/events/:event');
  expect(routeOf('http://127.0.0.1/profile/edit')).toBe('/profile/edit');
});

test.describe
  .serial('contexts a test makes from the shared browser', () => {
    let made: import('@playwright/test').BrowserContext | undefined;

    test('are made and left open by the test', async ({ browser }) => {
      made = await browser.newContext();
      const page = await made.newPage();
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    });

    test('are closed before the next test runs, so their pages stop working', async ({ browser }) => {
      expect(made).toBeDefined();
      expect(browser.contexts()).not.toContain(made);
    });
  });
