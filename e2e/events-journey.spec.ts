import { shot, signUp } from './calendarsHelpers.ts';
import { expect, type Page, test } from './fixtures';

/** 'YYYY-MM-DD' of the day `offset` days from today, in the browser's (local) time zone. */
async function localDay(page: Page, offset: number): Promise<string> {
  return page.evaluate((days) => {
    const date = new Date();
    date.setDate(date.getDate() + days);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }, offset);
}

test('a weekly event made in the form shows its occurrences by day; one occurrence is edited alone', async ({
  browser,
}) => {
  const { page, problems } = await signUp(browser, 'journey');
  await page.goto('/events');
  await page.getByRole('link', { name: 'Create event' }).click();
  await expect(page).toHaveURL(/\/event\/create$/);

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Team sync');
  await page.getByLabel('Start date', { exact: true }).fill(await localDay(page, 1));
  await page.getByLabel('Start time', { exact: true }).fill('10:00');
  await page.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await page.getByRole('radio', { name: 'After' }).check();
  await page.getByLabel('Times', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Create' }).first().click();
  await expect(page.getByText('Event created.')).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);

  // Three occurrences a week apart, each under its own day; the first under 'Tomorrow'.
  const list = page.getByRole('region', { name: 'Events' });
  const rows = list.getByRole('link', { name: /Team sync/ });
  await expect(rows).toHaveCount(3);
  await expect(list.getByRole('heading', { name: /^Tomorrow/, level: 2 })).toBeVisible();
  await expect(list.getByRole('heading', { level: 2 })).toHaveCount(3);
  await shot(page, 'journey-list-en-wide');

  // The second occurrence: open it, edit only this one.
  await rows.nth(1).click();
  await expect(page).toHaveURL(/\/events\/Team_sync-[0-9a-f]+_\d{8}T\d{6}Z$/);
  await expect(page.getByRole('heading', { name: 'Team sync', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/event\/edit\//);
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('Team sync');
  await name.fill('Team sync moved');
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  const scope = page.getByRole('dialog', { name: 'Save a repeating event' });
  await expect(scope.getByRole('radio', { name: 'This event' })).toBeChecked();
  await scope.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Team sync moved', level: 1 })).toBeVisible();

  await page.goto('/events');
  await expect(list.getByRole('link', { name: /Team sync moved/ })).toHaveCount(1);
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Team sync moved');
  await expect(rows.nth(0)).not.toContainText('moved');
  await expect(rows.nth(2)).not.toContainText('moved');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list.getByRole('heading', { name: /^Tomorrow/, level: 2 })).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await shot(page, 'journey-list-en-narrow');
  expect(problems).toEqual([]);
});
