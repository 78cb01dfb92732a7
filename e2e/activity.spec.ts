import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures';
import {
  type ApiUser,
  confirmAddress,
  newUser,
  registerByApi,
  registerThroughUi,
  solveCaptcha,
  watchForErrors,
} from './helpers.ts';

const headers = (loginToken: string) => ({ loginToken, version: '3.7' });

/** The sender creates a private calendar and invites the e-mail address to it (a live request). */
async function inviteToNewCalendar(
  request: APIRequestContext,
  sender: ApiUser,
  email: string,
  name: string,
): Promise<string> {
  const created = await request.post('/api/calendar', {
    headers: headers(sender.loginToken),
    data: { name },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { calendarId } = (await created.json()) as { calendarId: string };
  const added = await request.post('/api/members', {
    headers: headers(sender.loginToken),
    data: { calendarId, email },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { memberId } = (await added.json()) as { memberId: string };
  const shared = await request.post('/api/share/calendar', {
    headers: headers(sender.loginToken),
    data: { calendarId, memberId, recaptchaCode: await solveCaptcha(request) },
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  return calendarId;
}

async function myCalendarIds(request: APIRequestContext, loginToken: string): Promise<string[]> {
  const response = await request.get('/api/calendar/myCalendars', { headers: headers(loginToken) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Array<{ calendarId: string }>).map((calendar) => calendar.calendarId);
}

async function readLoginToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('convene.account') ?? '{}') as { loginToken?: string };
    return stored.loginToken ?? '';
  });
}

/** Opens the app signed in as a user registered through the API. */
async function signInAs(page: Page, user: ApiUser, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(
    (stored) => localStorage.setItem('convene.account', JSON.stringify(stored)),
    user.stored,
  );
  await page.goto(path);
}

/** The card (list item) whose sentence contains the text. */
function card(page: Page, text: string | RegExp): Locator {
  return page.getByRole('listitem').filter({ hasText: text });
}

const unique = () => Date.now().toString(36).slice(-5);

test('a calendar invitation arrives live on Requests, is accepted, and the dot clears after Mark all as read', async ({
  page,
  request,
}) => {
  // Sign-up, confirming the address, the invitation and its answer: past 60 s on a busy machine.
  test.setTimeout(120_000);
  const problems = await watchForErrors(page);
  const invitee = newUser('invitee');
  await registerThroughUi(page, invitee);
  // Invitations by e-mail reach an account once it confirmed the address.
  await confirmAddress(request, invitee.email);
  const inviter = await registerByApi(request, 'inviter');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });

  await navigation.getByRole('link', { name: /Activity/ }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Requests' }).click();
  await expect(page).toHaveURL(/\/activity\/requests$/);
  await expect(page.getByText('No requests', { exact: true })).toBeVisible();
  await expect(navigation.getByRole('link', { name: /Unread notifications/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  const calendarName = `Team ${unique()}`;
  const calendarId = await inviteToNewCalendar(request, inviter, invitee.email, calendarName);

  const request1 = card(page, `Test inviter invited you to the calendar ${calendarName}`);
  await expect(request1).toBeVisible();
  await expect(request1.getByText('Unread')).toBeAttached();
  await expect(navigation.getByRole('link', { name: /Unread notifications/ })).toBeVisible();

  const inviteeToken = await readLoginToken(page);
  expect(await myCalendarIds(request, inviteeToken)).not.toContain(calendarId);
  const refreshed = page.waitForResponse((response) =>
    response.url().includes('/api/notification/history?skipNumber=0&resultsPerPage=50&status=pending'),
  );
  await request1.getByRole('button', { name: 'Accept' }).click();
  await expect(request1.getByRole('status')).toHaveText('Accepted');
  await expect(request1.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(request1.getByText('Unread')).toHaveCount(0);
  expect(await myCalendarIds(request, inviteeToken)).toContain(calendarId);
  // The realtime refresh after the answer drops the request from the server's pending list; the card stays.
  await refreshed;
  await expect(request1.getByRole('status')).toHaveText('Accepted');
  await expect(navigation.getByRole('link', { name: /Unread notifications/ })).toHaveCount(0);

  // The owner renames the calendar: a plain notification arrives live and lights the dot.
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(card(page, calendarName).getByRole('status')).toHaveText('Accepted');
  const renamed = `${calendarName} renamed`;
  const update = await request.put(`/api/calendar?calendarId=${calendarId}`, {
    headers: headers(inviter.loginToken),
    data: { name: renamed },
  });
  expect(update.ok(), await update.text()).toBe(true);
  const change = card(page, `Test inviter changed the calendar ${renamed}`);
  await expect(change).toBeVisible();
  await expect(change.getByText('Unread')).toBeAttached();
  await expect(navigation.getByRole('link', { name: /Unread notifications/ })).toBeVisible();

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(navigation.getByRole('link', { name: /Unread notifications/ })).toHaveCount(0);
  await expect(change.getByText('Unread')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await page.reload();
  await expect(change).toBeVisible();
  await expect(change.getByText('Unread')).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: /Unread notifications/ })).toHaveCount(0);

  expect(problems).toEqual([]);

  // The card links to the calendar the invitee may now see.
  await change.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/calendars/${calendarId}/events$`));
});

test('a request answered elsewhere says so and leaves the Requests tab', async ({ page, request }) => {
  const invitee = newUser('twice');
  await registerThroughUi(page, invitee);
  await confirmAddress(request, invitee.email);
  const inviter = await registerByApi(request, 'inviter');
  await page.goto('/activity/requests');
  const calendarName = `Race ${unique()}`;
  await inviteToNewCalendar(request, inviter, invitee.email, calendarName);
  const pending = card(page, calendarName);
  await expect(pending).toBeVisible();

  // The answer from another device lands just before this one: the server says 409.
  const inviteeToken = await readLoginToken(page);
  const isAnswer = (url: URL) => url.pathname === '/api/notification' && url.searchParams.has('token');
  await page.route(isAnswer, async (route) => {
    const elsewhere = await request.get(route.request().url(), { headers: headers(inviteeToken) });
    expect(elsewhere.status()).toBe(200);
    await route.continue();
  });
  await pending.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('This request was already answered.')).toBeVisible();
  await expect(page.getByText('No requests', { exact: true })).toBeVisible();
});

test.describe('Romanian, narrow screen', () => {
  test.use({ locale: 'ro-RO', viewport: { width: 390, height: 844 } });

  test('decline, a compact card with Vezi, an inaccessible calendar and Marchează toate ca citite', async ({
    page,
    request,
  }) => {
    const problems = await watchForErrors(page);
    const invitee = await registerByApi(request, 'ro-invitee');
    await confirmAddress(request, invitee.email);
    const inviter = await registerByApi(request, 'inviter');
    await signInAs(page, invitee, '/activity/requests');
    const navigation = page.getByRole('navigation', { name: 'Navigare principală' });
    await expect(page.getByRole('heading', { name: 'Activitate', level: 1 })).toBeVisible();
    await expect(page.getByText('Nicio cerere', { exact: true })).toBeVisible();

    const kept = `Echipa ${unique()}`;
    const keptId = await inviteToNewCalendar(request, inviter, invitee.email, kept);
    const refused = `Refuzat ${unique()}`;
    await inviteToNewCalendar(request, inviter, invitee.email, refused);

    const keptCard = card(page, `Test inviter te-a invitat în calendarul ${kept}`);
    const refusedCard = card(page, `Test inviter te-a invitat în calendarul ${refused}`);
    await expect(keptCard).toBeVisible();
    await expect(refusedCard).toBeVisible();
    await expect(keptCard.getByText('Vezi')).toBeVisible();
    await expect(navigation.getByRole('link', { name: /Notificări necitite/ })).toBeVisible();

    await refusedCard.getByRole('button', { name: 'Refuză' }).click();
    await expect(refusedCard.getByRole('status')).toHaveText('Refuzată');
    await keptCard.getByRole('button', { name: 'Acceptă' }).click();
    await expect(keptCard.getByRole('status')).toHaveText('Acceptată');
    expect(await myCalendarIds(request, invitee.loginToken)).toEqual(expect.arrayContaining([keptId]));
    expect(await myCalendarIds(request, invitee.loginToken)).toHaveLength(2);

    // The owner deletes the calendar: its card may no longer be opened.
    await page.getByRole('tab', { name: 'Notificări' }).click();
    await expect(page).toHaveURL(/\/activity$/);
    const deleted = await request.delete(`/api/calendar?calendarId=${keptId}`, {
      headers: headers(inviter.loginToken),
    });
    expect(deleted.status()).toBe(204);
    const deletedCard = card(page, `Test inviter a șters calendarul ${kept}`);
    await expect(deletedCard).toBeVisible();
    await expect(navigation.getByRole('link', { name: /Notificări necitite/ })).toBeVisible();
    await deletedCard.getByRole('button').filter({ hasText: 'Vezi' }).click();
    await expect(page.getByText('Nu poți accesa acel calendar.')).toBeVisible();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(deletedCard.getByText('Necitită')).toHaveCount(0);
    await expect(navigation.getByRole('link', { name: /Notificări necitite/ })).toHaveCount(0);

    await inviteToNewCalendar(request, inviter, invitee.email, `Încă ${unique()}`);
    await expect(navigation.getByRole('link', { name: /Notificări necitite/ })).toBeVisible();
    await page.getByRole('button', { name: 'Marchează toate ca citite' }).click();
    await expect(navigation.getByRole('link', { name: /Notificări necitite/ })).toHaveCount(0);
    await expect(page.getByText('Necitită')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});

/** A page of made-up notifications, numbered from `from`, newest first. */
function syntheticPage(from: number, count: number) {
  return {
    unreadCount: 3,
    notifications: Array.from({ length: count }, (_, index) => ({
      notificationId: `n${from + index}`,
      notificationType: 'calendarChanged',
      sender: { userId: 'u1', name: 'Paged Sender', imageLink: null },
      initiator: null,
      status: null,
      hasBeenRead: true,
      actionDate: new Date(Date.UTC(2026, 0, 1) - (from + index) * 60_000).toISOString(),
      token: null,
      payload: { requiresRSVP: false, permissions: { canView: true } },
      rsvpId: null,
      event: null,
      calendar: {
        calendarId: 'c1',
        name: `Calendar ${from + index}`,
        color: '#4256c1',
        visibility: 'private',
      },
      details: null,
    })),
  };
}

test('the feed loads 50, then 25 more on scrolling; a failed page shows its status; a tab switch starts over', async ({
  page,
}) => {
  await registerThroughUi(page, newUser('pages'));
  const asked: string[] = [];
  // A 5xx is retried twice by the app before it gives up, so the server fails three times in a row.
  let failures = 0;
  await page.route(
    (url) => url.pathname === '/api/notification/history' && url.searchParams.get('resultsPerPage') !== '1',
    async (route) => {
      const url = new URL(route.request().url());
      const skip = Number(url.searchParams.get('skipNumber'));
      const size = Number(url.searchParams.get('resultsPerPage'));
      asked.push(`${url.searchParams.get('status') ?? 'all'}:${skip}+${size}`);
      if (failures > 0) {
        failures -= 1;
        await route.fulfill({ status: 503, json: { statusCode: 503, code: 'INTERNAL', message: 'down' } });
        return;
      }
      await route.fulfill({ json: syntheticPage(skip, skip === 0 ? size : Math.min(size, 60 - skip)) });
    },
  );

  await page.goto('/activity');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(50);
  expect(asked).toEqual(['all:0+50']);
  await list.getByRole('listitem').last().scrollIntoViewIfNeeded();
  await expect(list.getByRole('listitem')).toHaveCount(60);
  await expect(card(page, 'Paged Sender changed the calendar Calendar 59')).toBeVisible();
  expect(asked).toEqual(['all:0+50', 'all:50+25']);

  await page.getByRole('tab', { name: 'Requests' }).click();
  await expect(page.getByRole('list', { name: 'Requests' }).getByRole('listitem')).toHaveCount(50);
  failures = 3;
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByText('The notifications could not be loaded (error 503).')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(50);
  expect(asked).toEqual(['all:0+50', 'all:50+25', 'pending:0+50', ...Array(4).fill('all:0+50')]);
});
