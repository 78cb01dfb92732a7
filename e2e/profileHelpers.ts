import sharp from 'sharp';
import { expect, type Page } from './fixtures';
import { findMailedLink, solveBotCheck, type TestUser } from './helpers.ts';

/** The languages the profile journeys run in. */
export type Language = 'en' | 'ro';

/** Labels of the registration form per language. */
const registerLabels = {
  en: { name: 'Name', password: 'Password', submit: 'Sign up', login: 'Log in' },
  ro: { name: 'Nume', password: 'Parolă', submit: 'Înregistrare', login: 'Autentificare' },
} as const;

/** Signs up through /register in the page's language; ends on the signed-in start page. */
export async function registerIn(page: Page, user: TestUser, language: Language): Promise<void> {
  const labels = registerLabels[language];
  await page.goto('/register');
  await page.getByLabel(labels.name).fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel(labels.password, { exact: true }).fill(user.password);
  await solveBotCheck(page);
  await page.getByRole('button', { name: labels.submit }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Logs in through /login in the page's language; ends on the signed-in start page. */
export async function loginIn(
  page: Page,
  email: string,
  password: string,
  language: Language,
): Promise<void> {
  const labels = registerLabels[language];
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.login }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The signed-in account the page keeps in localStorage: its id and login token. */
export async function storedAccount(page: Page): Promise<{ userId: string; loginToken: string }> {
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('convene.account') ?? '{}') as {
      userId?: string;
      loginToken?: string;
    };
    return { userId: stored.userId ?? '', loginToken: stored.loginToken ?? '' };
  });
}

/** Calls the API as the page's signed-in user and answers the status and JSON body. */
export async function callApi(
  page: Page,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: unknown }> {
  const { loginToken } = await storedAccount(page);
  const response = await page.request.fetch(path, {
    method,
    headers: { loginToken, version: '3.7' },
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  return { status: response.status(), body: text ? JSON.parse(text) : null };
}

/** Opens the confirmation link mailed to the user, so the account becomes active. */
export async function confirmEmail(page: Page, email: string, { mails = 1 } = {}): Promise<void> {
  // A resend replaces the earlier link: `mails` says how many confirmation mails to wait for.
  const link = new URL(await findMailedLink(email, '/api/account/confirmEmail?token=', { mails }));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/$/);
}

/**
 * A 600x300 JPEG whose left half is red and right half blue, stored sideways: EXIF orientation 6
 * says to turn it a quarter clockwise, so upright it is 300x600 with red on top and blue below.
 */
export async function sidewaysPhoto(): Promise<Buffer> {
  const half = (r: number, g: number, b: number) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: await half(220, 20, 20), left: 0, top: 0 },
      { input: await half(20, 20, 220), left: 300, top: 0 },
    ])
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Width, height and the colour at the top centre and bottom centre of an image. */
export async function describeImage(data: Buffer) {
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const offset = (y * info.width + x) * info.channels;
    return { r: pixels[offset] ?? 0, g: pixels[offset + 1] ?? 0, b: pixels[offset + 2] ?? 0 };
  };
  const x = Math.floor(info.width / 2);
  return { width: info.width, height: info.height, top: at(x, 5), bottom: at(x, info.height - 6) };
}
