import { shot, signUp } from './calendarsHelpers.ts';
import { expect, type Page, test } from './fixtures';

const narrow = { width: 390, height: 844 };

interface StoredEvent {
  eventId: string;
  name: string;
  description: string | null;
  startDate: string;
  startTimezone: string;
  endTimezone: string;
  repeatingRule: string | null;
  parentId: string | null;
}

/** The signed-in page's id and login token. */
async function accountOf(page: Page): Promise<{ userId: string; loginToken: string }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('convene.account') ?? '{}'));
}

/** GET /api/events from a day on, as the page's user. */
async function listEvents(page: Page, timeMin: string): Promise<StoredEvent[]> {
  const { loginToken } = await accountOf(page);
  const response = await page.request.get(`/api/events?timeMin=${encodeURIComponent(timeMin)}`, {
    headers: { loginToken },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: StoredEvent[] }).items;
}

/** The viewer's personal calendar id. */
async function personalCalendarId(page: Page): Promise<string> {
  const { loginToken } = await accountOf(page);
  const response = await page.request.get('/api/calendar/myCalendars?ignoreDeleted=true', {
    headers: { loginToken },
  });
  const calendars = (await response.json()) as { calendarId: string; isPersonal: boolean }[];
  return calendars.find((calendar) => calendar.isPersonal)?.calendarId ?? '';
}

test('creates a weekly event on two weekdays, 5 times, in a time zone found by typing', async ({
  browser,
}) => {
  const { page, problems } = await signUp(browser, 'form');
  await page.goto('/event/create');
  await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Weekly planning');
  await page.getByLabel('Start date', { exact: true }).fill('2030-07-01');
  await page.getByLabel('Start time', { exact: true }).fill('10:00');

  await page.getByRole('combobox', { name: 'Start time zone' }).click();
  await page.getByRole('combobox', { name: 'Start time zone' }).fill('bucha');
  await page.getByRole('option', { name: 'Europe/Bucharest' }).click();
  await page.getByRole('combobox', { name: 'End time zone' }).fill('BUCHA');
  await page.getByRole('option', { name: 'Europe/Bucharest' }).click();
  await expect(page.getByLabel('Start time', { exact: true })).toHaveValue('10:00');

  await page.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await expect(page.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Wednesday' }).click();
  await page.getByRole('radio', { name: 'After' }).check();
  await page.getByLabel('Times', { exact: true }).fill('5');
  await expect(page.getByText('The event happens 5 times in all.')).toBeVisible();
  await page.getByLabel('Description', { exact: true }).fill('Plan the week\nand the next one');
  await shot(page, 'event-form-create-en-wide');

  await page.getByRole('button', { name: 'Create' }).first().click();
  await expect(page.getByText('Event created.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/event\/create/);

  const items = await listEvents(page, '2030-06-30T00:00:00.000Z');
  const created = items.filter((item) => item.name === 'Weekly planning');
  expect(created).toHaveLength(5);
  expect(created[0]).toMatchObject({
    startDate: '2030-07-01T07:00:00.000Z',
    startTimezone: 'Europe/Bucharest',
    endTimezone: 'Europe/Bucharest',
    repeatingRule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5',
    description: 'Plan the week\nand the next one',
  });
  expect(created.map((item) => item.startDate.slice(0, 10))).toEqual([
    '2030-07-01',
    '2030-07-03',
    '2030-07-08',
    '2030-07-10',
    '2030-07-15',
  ]);
  expect(problems).toEqual([]);
});

test('edits one occurrence of a series with "This event"', async ({ browser }) => {
  const { page, problems } = await signUp(browser, 'occurrence');
  const { loginToken } = await accountOf(page);
  const calendarId = await personalCalendarId(page);
  const created = await page.request.post('/api/event', {
    headers: { loginToken },
    data: {
      calendarId,
      name: 'Daily standup',
      description: 'Keep it short',
      startDate: '2030-09-02T07:00:00.000Z',
      endDate: '2030-09-02T07:15:00.000Z',
      startTimezone: 'Europe/Bucharest',
      endTimezone: 'Europe/Bucharest',
      repeatingRule: 'FREQ=DAILY;COUNT=3',
    },
  });
  expect(created.status()).toBe(200);
  const before = await listEvents(page, '2030-09-01T00:00:00.000Z');
  const second = before[1];
  if (!second?.parentId) throw new Error('the series has no second occurrence');

  await page.goto(`/event/edit/${second.eventId}`);
  await expect(page.getByRole('heading', { name: 'Edit event' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Daily standup');
  await expect(page.getByLabel('Start date', { exact: true })).toHaveValue('2030-09-03');
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Keep it short');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Standup with guests');
  await page.getByRole('button', { name: 'Save' }).first().click();

  const dialog = page.getByRole('dialog', { name: 'Save a repeating event' });
  await expect(dialog.getByRole('radio', { name: 'This and following events' })).toBeEnabled();
  await dialog.getByRole('radio', { name: 'This event' }).check();
  await shot(page, 'event-form-scope-en-wide');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Event saved.')).toBeVisible();

  const after = await listEvents(page, '2030-09-01T00:00:00.000Z');
  expect(after.map((item) => [item.startDate, item.name, item.description])).toEqual([
    ['2030-09-02T07:00:00.000Z', 'Daily standup', 'Keep it short'],
    ['2030-09-03T07:00:00.000Z', 'Standup with guests', 'Keep it short'],
    ['2030-09-04T07:00:00.000Z', 'Daily standup', 'Keep it short'],
  ]);

  await page.setViewportSize(narrow);
  await page.goto(`/event/edit/${second.eventId}`);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Standup with guests');
  await shot(page, 'event-form-edit-en-narrow');
  expect(problems).toEqual([]);
});

test('shows the form checks in Romanian on a phone', async ({ browser }) => {
  const { page, problems } = await signUp(browser, 'checks', { locale: 'ro-RO', viewport: narrow });
  await page.goto('/event/create');
  await expect(page.getByRole('heading', { name: 'Eveniment nou' })).toBeVisible();
  await page.getByRole('button', { name: 'Creează' }).first().click();
  await expect(page.getByText('Te rugăm să dai un nume evenimentului.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Nume', exact: true }).fill('ab');
  await expect(page.getByText('Numele trebuie să aibă cel puțin 3 caractere.')).toBeVisible();

  await page.getByLabel('Data de început', { exact: true }).fill('2030-05-10');
  await page.getByLabel('Ora de început', { exact: true }).fill('10:00');
  await expect(page.getByLabel('Data de sfârșit', { exact: true })).toHaveValue('2030-05-10');
  await expect(page.getByLabel('Ora de sfârșit', { exact: true })).toHaveValue('11:00');
  await page.getByLabel('Ora de sfârșit', { exact: true }).fill('09:00');
  await page.getByLabel('Ora de sfârșit', { exact: true }).press('Tab');
  await expect(page.getByText('Sfârșitul trebuie să fie după început.').first()).toBeVisible();
  await expect(page.getByLabel('Ora de sfârșit', { exact: true })).toHaveValue('09:00');
  await shot(page, 'event-form-errors-ro-narrow');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('combobox', { name: 'Repetare' }).click();
  await page.getByRole('option', { name: 'Săptămânal' }).click();
  await shot(page, 'event-form-ro-wide');
  expect(problems).toEqual([]);
});

test('a meet-up from the profile dialog invites the other person', async ({ browser }) => {
  test.setTimeout(90_000);
  const first = await signUp(browser, 'meeta');
  const second = await signUp(browser, 'meetb', { viewport: narrow });
  const { userId: firstId } = await accountOf(first.page);

  await second.page.goto(`/calendars?person=${firstId}`);
  const dialog = second.page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Meet' }).click();
  await expect(second.page).toHaveURL(/\/event\/create$/);
  const name = `${second.user.name} meets ${first.user.name}`;
  await expect(second.page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(
    second.page.getByText(`After you create the event, ${first.user.name} is invited to it.`),
  ).toBeVisible();
  await shot(second.page, 'event-form-meet-en-narrow');
  await second.page.getByRole('button', { name: 'Create' }).first().click();
  await expect(second.page.getByText(`Meet-up created and shared with ${first.user.name}.`)).toBeVisible({
    timeout: 30_000,
  });

  const { loginToken } = await accountOf(first.page);
  const history = await first.page.request.get('/api/notification/history?status=pending', {
    headers: { loginToken },
  });
  const { notifications } = (await history.json()) as {
    notifications: { notificationType: string; event: { name: string } | null }[];
  };
  expect(
    notifications.some((item) => item.notificationType === 'shareEvent' && item.event?.name === name),
  ).toBe(true);
  expect(second.problems).toEqual([]);
});
