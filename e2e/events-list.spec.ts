import { shot, signUp } from './calendarsHelpers.ts';
import { expect, type Locator, type Page, test } from './fixtures';

const hour = 3_600_000;
const day = 24 * hour;

/** The person's token, personal calendar and the start of their local day (ms). */
async function setUp(page: Page) {
  const loginToken = await page.evaluate(
    () => JSON.parse(localStorage.getItem('convene.account') ?? '{}').loginToken as string,
  );
  const headers = { loginToken };
  const calendars = (await (await page.request.get('/api/calendar/myCalendars', { headers })).json()) as {
    calendarId: string;
    isPersonal: boolean;
  }[];
  const personalId = calendars.find((calendar) => calendar.isPersonal)?.calendarId ?? '';
  const startOfToday = await page.evaluate(() => new Date().setHours(0, 0, 0, 0));
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

  /** Creates an event through the API: `at` ms after the start of today, one hour long. */
  async function createEvent(
    name: string,
    at: number,
    extra: Record<string, unknown> & { calendarId?: string } = {},
  ): Promise<string> {
    const start = startOfToday + at;
    const response = await page.request.post('/api/event', {
      headers,
      data: {
        calendarId: personalId,
        name,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + hour).toISOString(),
        startTimezone: timeZone,
        endTimezone: timeZone,
        ...extra,
      },
    });
    expect(response.status(), name).toBe(200);
    return ((await response.json()) as { eventId: string }).eventId;
  }
  return { headers, personalId, createEvent };
}

/** The rendered rows of the agenda, in order: 'day:<heading>' or 'event:<link text>'. */
async function renderedRows(list: Locator): Promise<string[]> {
  return list
    .locator('[data-row]')
    .evaluateAll((rows) =>
      rows.map((row) => `${row.getAttribute('data-row')}:${(row.textContent ?? '').trim()}`),
    );
}

/** Indexes of the rows starting with each prefix (and holding the name, if given), in the order given. */
function positions(rows: string[], wanted: [prefix: string, name?: string][]): number[] {
  const used = new Set<number>();
  return wanted.map(([prefix, name]) => {
    const index = rows.findIndex(
      (row, at) => !used.has(at) && row.startsWith(prefix) && (!name || row.includes(name)),
    );
    used.add(index);
    return index;
  });
}

test.describe('the agenda list', () => {
  test.setTimeout(120_000);

  test('My events opens at today, groups by day, pages both ways, searches; a calendar tab shows its own', async ({
    browser,
  }) => {
    const { page, problems } = await signUp(browser, 'agenda');
    const { headers, personalId, createEvent } = await setUp(page);

    await createEvent('Yesterday review', -day + 10 * hour);
    await createEvent('Today standup', 12 * hour, { location: { name: 'Room 4' } });
    await createEvent('Weekly choir', 18 * hour, { repeatingRule: 'FREQ=WEEKLY;COUNT=6' });
    await createEvent('Tomorrow lunch', day + 13 * hour);
    await createEvent('Workshop later', 5 * day + 9 * hour);
    // A second calendar with an event of its own: in My events, not in the personal calendar's tab.
    const other = await page.request.post('/api/calendar', { headers, data: { name: 'Garden club' } });
    const otherId = ((await other.json()) as { calendarId: string }).calendarId;
    await createEvent('Garden meeting', 3 * day + 17 * hour, { calendarId: otherId });

    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'My events', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/event/create');
    const list = page.getByRole('region', { name: 'Events' });
    const today = list.getByRole('heading', { name: /^Today/, level: 2 });
    await expect(today).toBeVisible();

    // Today's header is at the top; yesterday lies above, out of view.
    const listBox = await list.boundingBox();
    const todayBox = await today.boundingBox();
    expect(Math.abs((todayBox?.y ?? 0) - (listBox?.y ?? 0))).toBeLessThan(50);
    await expect(list.getByRole('heading', { name: /^Yesterday/ })).not.toBeInViewport();

    const rows = await renderedRows(list);
    const order = positions(rows, [
      ['day:Yesterday'],
      ['event:10:00 AM – 11:00 AM', 'Yesterday review'],
      ['day:Today'],
      ['event:12:00 PM – 1:00 PM', 'Today standup'],
      ['event:6:00 PM – 7:00 PM', 'Weekly choir'],
      ['day:Tomorrow'],
      ['event:1:00 PM – 2:00 PM', 'Tomorrow lunch'],
      ['event:5:00 PM – 6:00 PM', 'Garden meeting'],
      ['event:9:00 AM – 10:00 AM', 'Workshop later'],
      ['event:6:00 PM – 7:00 PM', 'Weekly choir'],
    ]);
    expect(
      order.every((index) => index >= 0),
      rows.join('\n'),
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Days further away read as their full date; the series' next occurrence has its own day.
    const inAWeek = new Date(Date.now() + 7 * day);
    const weekday = inAWeek.toLocaleDateString('en-US', { weekday: 'long' });
    expect(rows[(order[9] ?? 0) - 1]).toMatch(new RegExp(`^day:${weekday}, `));

    const standup = list.getByRole('link', { name: /Today standup/ });
    await expect(standup).toContainText('Room 4');
    await expect(standup).toContainText('Going');
    // My events names each row's calendar (beside its colour).
    await expect(standup).toContainText('Test agenda');
    await expect(standup).toContainText('1 going');
    await expect(
      list
        .getByRole('link', { name: /Weekly choir/ })
        .first()
        .getByRole('img', { name: 'Repeats' }),
    ).toBeAttached();
    await shot(page, 'events-wide-en');

    // Scrolling up shows yesterday.
    await list.hover();
    await page.mouse.wheel(0, -800);
    await expect(list.getByRole('link', { name: /Yesterday review/ })).toBeInViewport();

    // A row opens its event, passing where it came from.
    await standup.click();
    await expect(page).toHaveURL(/\/events\/Today_standup-[0-9a-f]{32}$/);
    await page.goBack();
    await expect(today).toBeVisible();

    // More than a page each way: 60 events from day 10 on, 55 before yesterday.
    const pad = (number: number) => String(number).padStart(2, '0');
    for (let batch = 0; batch < 12; batch += 1) {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) => {
          const number = (batch % 6) * 10 + index + 1;
          if (batch < 6) return createEvent(`Bulk ${pad(number)}`, 10 * day + number * 3 * hour);
          return number <= 55 ? createEvent(`Past ${pad(number)}`, -2 * day - number * 2 * hour) : null;
        }),
      );
    }
    await page.reload();
    await expect(today).toBeVisible();
    const nextPage = page.waitForRequest((request) => request.url().includes('pageToken='));
    const seen: string[] = [];
    for (let step = 0; step < 80 && !seen.includes('Bulk 60'); step += 1) {
      const names = await list
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => /Bulk \d\d/.exec(link.textContent ?? '')?.[0] ?? ''));
      for (const name of names) if (name && !seen.includes(name)) seen.push(name);
      await list.evaluate((element) => element.scrollBy(0, 900));
      await page.waitForTimeout(30);
    }
    await nextPage;
    expect(seen).toEqual(
      Array.from({ length: 60 }, (_, index) => `Bulk ${String(index + 1).padStart(2, '0')}`),
    );
    await expect(list.getByRole('link', { name: /Bulk 60/ })).toBeInViewport();

    // At the top, the older page comes in above without moving what is in view.
    await list.evaluate((element) => element.scrollTo(0, 0));
    const topLink = list.getByRole('link', { name: /Past 49/ });
    await expect(topLink).toBeInViewport();
    const before = (await topLink.boundingBox())?.y ?? 0;
    await expect(list.getByRole('link', { name: /Past 55/ })).toBeAttached();
    expect(Math.abs(((await topLink.boundingBox())?.y ?? 0) - before)).toBeLessThan(2);
    await expect(list.getByRole('link', { name: /Past 50/ })).toHaveCount(1);
    await expect(list.getByRole('link', { name: /Past 55/ })).not.toBeInViewport();
    await shot(page, 'events-older-page-wide-en');

    // Search narrows the list (from 4 characters).
    const search = page.getByLabel('Search events');
    await search.fill('weekly');
    await expect(list.getByRole('link', { name: /Today standup/ })).toHaveCount(0);
    await expect(list.getByRole('link', { name: /Weekly choir/ }).first()).toBeVisible();
    await expect(list.getByRole('heading', { name: /^Today/ })).toBeVisible();
    await search.fill('nothing like this');
    await expect(page.getByText('No events match “nothing like this”')).toBeVisible();
    await search.fill('');

    // The personal calendar's Events tab: its events, not the other calendar's.
    await page.goto(`/calendars/${personalId}/events`);
    const tabList = page.getByRole('region', { name: 'Events' });
    await expect(tabList.getByRole('link', { name: /Today standup/ })).toBeVisible();
    await expect(tabList.getByRole('link', { name: /Tomorrow lunch/ })).toBeVisible();
    await expect(tabList.getByRole('link', { name: /Garden meeting/ })).toHaveCount(0);
    await shot(page, 'calendar-events-wide-en');
    await page.goto(`/calendars/${otherId}/events`);
    await expect(tabList.getByRole('link', { name: /Garden meeting/ })).toBeVisible();
    await expect(tabList.getByRole('link', { name: /Today standup/ })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/events');
    await expect(today).toBeVisible();
    await shot(page, 'events-narrow-en');
    expect(problems).toEqual([]);
  });

  test('in Romanian on a phone: empty text, then today and tomorrow', async ({ browser }) => {
    const { page, problems } = await signUp(browser, 'agendaro', {
      locale: 'ro-RO',
      viewport: { width: 390, height: 844 },
    });
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Evenimentele mele', level: 1 })).toBeVisible();
    await expect(page.getByText('Niciun eveniment de afișat')).toBeVisible();
    await shot(page, 'events-empty-narrow-ro');

    const { createEvent, personalId } = await setUp(page);
    await createEvent('Repetiție cor', 19 * hour, { location: { address: 'Strada Lungă 3, Brașov' } });
    await createEvent('Concert de primăvară', day + 20 * hour);
    await createEvent('Zi de grădină', 2 * day, {
      isAllDay: true,
      startDate: `${new Date(Date.now() + 2 * day).toLocaleDateString('sv')}T00:00:00.000Z`,
      endDate: `${new Date(Date.now() + 2 * day).toLocaleDateString('sv')}T23:59:59.999Z`,
    });
    await page.reload();
    const list = page.getByRole('region', { name: 'Evenimente' });
    await expect(list.getByRole('heading', { name: /^Astăzi/ })).toBeVisible();
    await expect(list.getByRole('heading', { name: /^Mâine/ })).toBeVisible();
    const rehearsal = list.getByRole('link', { name: /Repetiție cor/ });
    await expect(rehearsal).toContainText('19:00 – 20:00');
    await expect(rehearsal).toContainText('Particip');
    await expect(rehearsal).toContainText('1 participant');
    await expect(list.getByRole('link', { name: /Zi de grădină/ })).toContainText('Toată ziua');
    await shot(page, 'events-narrow-ro');
    await page.goto(`/calendars/${personalId}/events`);
    await expect(
      page.getByRole('region', { name: 'Evenimente' }).getByRole('link', { name: /Repetiție cor/ }),
    ).toBeVisible();
    await shot(page, 'calendar-events-narrow-ro');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/events');
    await expect(list.getByRole('heading', { name: /^Astăzi/ })).toBeVisible();
    await shot(page, 'events-wide-ro');
    expect(problems).toEqual([]);
  });
});
