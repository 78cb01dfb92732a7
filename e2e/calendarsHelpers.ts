/** Helpers of the calendar browser tests (calendars*.spec.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page } from './fixtures';
import { newUser, registerThroughUi, type TestUser, watchForErrors } from './helpers.ts';

/** With E2E_SHOTS set, screens are also saved there as PNGs for a person to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A signed-in person in a browser context of their own. */
export async function signUp(
  browser: Browser,
  prefix: string,
  options: { locale?: string; viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<{ page: Page; user: TestUser; problems: string[] }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    timezoneId: options.timezoneId,
  });
  const page = await context.newPage();
  const problems = await watchForErrors(page);
  // The push-notification prompt may float over the screen; a person would answer 'Not now'.
  await page.addLocatorHandler(page.getByRole('button', { name: /^(Not now|Nu acum)$/ }), async (button) => {
    await button.click();
  });
  const user = newUser(prefix);
  if (options.locale?.startsWith('ro')) await registerInRomanian(page, user);
  else await registerThroughUi(page, user);
  return { page, user, problems };
}

async function registerInRomanian(page: Page, user: TestUser): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Nume').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Parolă', { exact: true }).fill(user.password);
  const widget = page.locator('altcha-widget');
  await widget.locator('input[type="checkbox"]').click();
  await expect(widget.locator('[data-state="verified"]')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Înregistrare' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The signed-in page's login token, for the API calls a test makes on the person's behalf. */
export async function loginTokenOf(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('convene.account') ?? '{}').loginToken as string,
  );
}

/** A pending request as GET /api/notification/history answers it (the fields tests pick by). */
interface PendingRequest {
  token: string | null;
  calendar: { name: string } | null;
  event: { name: string } | null;
}

/** Accepts the first pending request that `matches` through the API (GET /api/notification?token=). */
export async function acceptRequest(
  page: Page,
  matches: (request: PendingRequest) => boolean,
): Promise<void> {
  const headers = { loginToken: await loginTokenOf(page) };
  let token: string | null = null;
  await expect
    .poll(async () => {
      const history = await page.request.get('/api/notification/history?status=pending', { headers });
      const { notifications } = (await history.json()) as { notifications: PendingRequest[] };
      token = notifications.find(matches)?.token ?? null;
      return token;
    })
    .not.toBeNull();
  const accepted = await page.request.get(`/api/notification?token=${encodeURIComponent(token ?? '')}`, {
    headers,
  });
  expect(accepted.status()).toBe(200);
}

/** Accepts a pending calendar invitation through the API. */
export async function acceptInvitation(page: Page, calendarName: string): Promise<void> {
  await acceptRequest(page, (request) => request.calendar?.name === calendarName && !request.event);
}

/** A PNG drawn by the browser itself: a 1600x900 picture with two colour bands. */
export async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 900;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#4256c1';
    context.fillRect(0, 0, 1600, 900);
    context.fillStyle = '#f2b705';
    context.fillRect(0, 450, 1600, 450);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** The cards of the calendar list. */
export const calendarCards = (page: Page) =>
  page.getByRole('list', { name: 'Calendars' }).getByRole('listitem');
