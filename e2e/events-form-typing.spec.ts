import { loginTokenOf, signUp } from './calendarsHelpers.ts';
import { expect, type Page, test } from './fixtures';

/** Every person here lives in Bucharest: UTC+2 in December, UTC+3 in July. */
const timezoneId = 'Europe/Bucharest';

interface StoredEvent {
  name: string;
  startDate: string;
  endDate: string;
  startTimezone: string;
  endTimezone: string;
}

/** The page's user's events named `name`, from a day on, as GET /api/events answers them. */
async function eventsNamed(page: Page, name: string, timeMin: string): Promise<StoredEvent[]> {
  const response = await page.request.get(`/api/events?timeMin=${encodeURIComponent(timeMin)}`, {
    headers: { loginToken: await loginTokenOf(page) },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: StoredEvent[] }).items.filter((item) => item.name === name);
}

/** Types into a native date or time field from its first segment, as a person does after Tab. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.type(text);
}

test('dates and times typed segment by segment are kept exactly, and Enter in the name creates', async ({
  browser,
}) => {
  const { page, problems } = await signUp(browser, 'typed', { timezoneId });
  await page.goto('/event/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).pressSequentially('Typed planning');

  // Each of these passes through values the rules refuse (month 01, an end at 00:30 before the
  // start); they must not reset the segment being typed.
  await typeInto(page, 'Start date', '12/01/2026');
  await expect(page.getByLabel('Start date', { exact: true })).toHaveValue('2026-12-01');
  await typeInto(page, 'Start time', '10:00 AM');
  await expect(page.getByLabel('Start time', { exact: true })).toHaveValue('10:00');
  await expect(page.getByLabel('End time', { exact: true })).toHaveValue('11:00');
  await typeInto(page, 'End time', '12:30 PM');
  await expect(page.getByLabel('End time', { exact: true })).toHaveValue('12:30');
  await typeInto(page, 'End date', '12/02/2026');
  await expect(page.getByLabel('End date', { exact: true })).toHaveValue('2026-12-02');
  await expect(page.getByLabel('Start date', { exact: true })).toHaveValue('2026-12-01');

  await page.getByRole('textbox', { name: 'Name', exact: true }).press('Enter');
  await expect(page.getByText('Event created.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/event\/create/);
  expect(await eventsNamed(page, 'Typed planning', '2026-11-30T00:00:00.000Z')).toEqual([
    expect.objectContaining({
      startDate: '2026-12-01T08:00:00.000Z',
      endDate: '2026-12-02T10:30:00.000Z',
      startTimezone: timezoneId,
      endTimezone: timezoneId,
    }),
  ]);
  expect(problems).toEqual([]);
});

test('a new start zone keeps the length; an end before the start blocks Create until it is fixed', async ({
  browser,
}) => {
  const { page, problems } = await signUp(browser, 'zones', { timezoneId });
  await page.goto('/event/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Call with New York');
  await typeInto(page, 'Start date', '07/01/2030');
  await typeInto(page, 'Start time', '10:00 AM');
  await expect(page.getByLabel('End time', { exact: true })).toHaveValue('11:00');

  const startZone = page.getByRole('combobox', { name: 'Start time zone' });
  await startZone.click();
  await startZone.fill('new_york');
  await page.getByRole('option', { name: 'America/New York' }).click();
  await expect(page.getByRole('combobox', { name: 'End time zone' })).toHaveValue('America/New York');
  await expect(page.getByLabel('Start time', { exact: true })).toHaveValue('10:00');
  await expect(page.getByLabel('End time', { exact: true })).toHaveValue('11:00');

  // An end before the start stays as typed; Create says what is wrong and saves nothing.
  const endError = page.getByText('The end must be after the start.').first();
  await typeInto(page, 'End time', '09:15 AM');
  await expect(page.getByLabel('End time', { exact: true })).toHaveValue('09:15');
  await expect(endError).toBeHidden();
  await page.getByRole('button', { name: 'Create' }).first().click();
  await expect(endError).toBeVisible();
  await expect(page.getByLabel('End date', { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/event\/create$/);

  await typeInto(page, 'End time', '11:30 AM');
  await expect(endError).toBeHidden();
  await page.getByRole('button', { name: 'Create' }).first().click();
  await expect(page.getByText('Event created.')).toBeVisible();
  expect(await eventsNamed(page, 'Call with New York', '2030-06-30T00:00:00.000Z')).toEqual([
    expect.objectContaining({
      startDate: '2030-07-01T14:00:00.000Z',
      endDate: '2030-07-01T15:30:00.000Z',
      startTimezone: 'America/New_York',
      endTimezone: 'America/New_York',
    }),
  ]);
  expect(problems).toEqual([]);
});
