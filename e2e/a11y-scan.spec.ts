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

test('one screen whichever calendar, event or person it shows: ids leave the scanned route', () => {
  const id = 'a'.repeat(32);
  expect(routeOf(`http://127.0.0.1/calendars/${id}/people?person=${id}`)).toBe(
    '/calendars/:id/people?person=:id',
  );
  expect(routeOf(`http://127.0.0.1/events/Book_club-${id}`)).toBe('/events/:event');
  expect(routeOf('http://127.0.0.1/profile/edit')).toBe('/profile/edit');
});
