/**
 * Names that start with what a control shows (WCAG 2.5.3, label in name), and heading levels in
 * order, where the app once failed them: the event form's "Repeat on" weekdays and attachments,
 * the event page's "Open in maps" link and its live-stream links, wide and on a phone.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { signUp } from './calendarsHelpers.ts';
import { createEventThroughApi, eventPagePath } from './eventDetailsHelpers.ts';
import { expect, type Page, test } from './fixtures';

const narrow = { width: 390, height: 844 };

/**
 * Every finding, of any impact, of the two rules this spec is about (the fixture's scan of every
 * screen fails on serious ones only; heading-order is a moderate one).
 */
async function findings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      runOnly: { type: 'rule', values: ['label-content-name-mismatch', 'heading-order'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
      iframes: false,
    })
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 120)}`),
  );
}

test('the event form: the Repeat on weekdays are named by what they show, and headings keep their order', async ({
  browser,
}) => {
  const { page, problems } = await signUp(browser, 'labelform');
  await page.goto('/event/create');
  await page.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  // Each weekday shows its short name, and its name starts with it: "Mon (Monday)", not "Monday".
  const repeatOn = page.getByRole('group', { name: 'Repeat on' });
  const monday = repeatOn.getByRole('button', { name: 'Mon (Monday)', exact: true });
  await expect(monday).toBeVisible();
  expect(await monday.evaluate((button) => button.firstChild?.textContent)).toBe('Mon');
  await expect(repeatOn.getByRole('button')).toHaveCount(7);
  await page.getByRole('button', { name: 'Add an attachment' }).click();
  await page.getByRole('menuitem', { name: 'Video' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Video 1' })).toBeVisible();
  expect(await findings(page)).toEqual([]);
  await page.setViewportSize(narrow);
  await expect(monday).toBeVisible();
  expect(await findings(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('the event page: Open in maps and the live-stream links are named by what they show, wide and on a phone', async ({
  browser,
}) => {
  const { page, problems } = await signUp(browser, 'labelpage');
  const name = `Concert ${Date.now()}`;
  const eventId = await createEventThroughApi(page, {
    name,
    location: { name: 'Herăstrău Park', address: 'Bucharest, Romania' },
  });
  const { userId, loginToken } = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('convene.account') ?? '{}') as { userId: string; loginToken: string },
  );
  const started = await page.request.post(`/api/events/${eventId}/streams`, {
    headers: { loginToken },
    data: { uid: userId, streamId: randomUUID(), streamName: 'Main stage' },
  });
  expect(started.status(), await started.text()).toBe(201);

  await page.goto(eventPagePath(name, eventId));
  const openInMaps = page.getByRole('link', { name: /^Open in maps/ });
  await expect(openInMaps).toHaveText('Open in maps');
  await expect(openInMaps).toHaveAccessibleName(
    'Open in maps: Herăstrău Park, Bucharest, Romania (opens in a new tab)',
  );
  // Wide: the side panel's Live streams tab.
  await page.getByRole('tab', { name: 'Live streams' }).click();
  // The link's name is what it shows: the feed, whose it is, Live.
  const watch = page.getByRole('link', { name: /^Main stage/ });
  await expect(watch).toHaveAccessibleName(/^Main stage\s+Your stream\s+Live$/);
  expect(await findings(page)).toEqual([]);

  // A phone: the Live streams section opens full screen.
  await page.setViewportSize(narrow);
  await page.reload();
  await expect(openInMaps).toBeVisible();
  expect(await findings(page)).toEqual([]);
  await page.getByRole('button', { name: 'Live streams' }).click();
  const section = page.getByRole('dialog', { name: 'Live streams' });
  await expect(section.getByRole('link', { name: /^Main stage/ })).toHaveAccessibleName(
    /^Main stage\s+Your stream\s+Live$/,
  );
  expect(await findings(page)).toEqual([]);
  expect(problems).toEqual([]);
});
