/** Helpers of the calendar People browser tests (calendar-people.spec.ts). */
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from './fixtures';
import { type ApiUser, realtimeConnected, registerByApi, solveCaptcha, watchForErrors } from './helpers.ts';

/** A short suffix that keeps names of one run apart. */
export const unique = () => Date.now().toString(36).slice(-5);

const headers = (user: ApiUser) => ({ loginToken: user.loginToken, version: '3.7' });

/** A person registered through the API, with a browser of their own opened on `path`, signed in. */
export interface Person {
  user: ApiUser;
  page: Page;
  problems: string[];
}

/** Registers someone through the API and opens their browser (own context, size and language). */
export async function openPerson(
  browser: Browser,
  request: APIRequestContext,
  prefix: string,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<Person> {
  const user = await registerByApi(request, prefix);
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems = await watchForErrors(page);
  // The push-notification prompt may float over the screen; a person would answer 'Not now'.
  await page.addLocatorHandler(page.getByRole('button', { name: /^(Not now|Nu acum)$/ }), async (button) => {
    await button.click();
  });
  await page.goto('/login');
  await page.evaluate(
    (stored) => localStorage.setItem('convene.account', JSON.stringify(stored)),
    user.stored,
  );
  return { user, page, problems };
}

/** Opens a path with the realtime socket joined before anything else happens. */
export async function openLive(page: Page, path: string): Promise<void> {
  const connected = realtimeConnected(page);
  await page.goto(path);
  await connected;
}

/** The owner creates a private calendar through the API; answers its id. */
export async function createCalendar(
  request: APIRequestContext,
  owner: ApiUser,
  name: string,
): Promise<string> {
  const created = await request.post('/api/calendar', { headers: headers(owner), data: { name } });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { calendarId: string }).calendarId;
}

/** Invites someone (an account, or an address) through the API, as the invite dialog does; answers the memberId. */
export async function invite(
  request: APIRequestContext,
  owner: ApiUser,
  calendarId: string,
  who: { userId: string } | { email: string },
): Promise<string> {
  const added = await request.post('/api/members', { headers: headers(owner), data: { calendarId, ...who } });
  expect(added.ok(), await added.text()).toBe(true);
  const { memberId } = (await added.json()) as { memberId: string };
  const shared = await request.post('/api/share/calendar', {
    headers: headers(owner),
    data: { calendarId, memberId, recaptchaCode: await solveCaptcha(request) },
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  return memberId;
}

/** Accepts the pending invitation to a calendar through the API, as Activity → Requests would. */
export async function acceptCalendarInvitation(
  request: APIRequestContext,
  user: ApiUser,
  calendarName: string,
): Promise<void> {
  let token: string | null = null;
  await expect
    .poll(async () => {
      const history = await request.get('/api/notification/history?status=pending', {
        headers: headers(user),
      });
      const { notifications } = (await history.json()) as {
        notifications: Array<{
          token: string | null;
          notificationType: string;
          calendar: { name: string } | null;
        }>;
      };
      token =
        notifications.find(
          (item) => item.notificationType === 'shareCalendar' && item.calendar?.name === calendarName,
        )?.token ?? null;
      return token;
    })
    .not.toBeNull();
  const accepted = await request.get(`/api/notification?token=${encodeURIComponent(token ?? '')}`, {
    headers: headers(user),
  });
  expect(accepted.status()).toBe(200);
}

/** The ids of the calendars in someone's list, through the API. */
export async function calendarIdsOf(request: APIRequestContext, user: ApiUser): Promise<string[]> {
  const answer = await request.get('/api/calendar/myCalendars', { headers: headers(user) });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as Array<{ calendarId: string }>).map((calendar) => calendar.calendarId);
}

/** The People list of a calendar, and one person's row in it. */
export function peopleOf(page: Page, listName: string) {
  const list = page.getByRole('list', { name: listName });
  return {
    list,
    rows: list.getByRole('listitem'),
    row: (name: string): Locator => list.getByRole('listitem').filter({ hasText: name }),
  };
}
