import { expect, test } from './fixtures';
import { registerByApi, watchForErrors } from './helpers.ts';

test('the sign-in page is on screen before any script runs, in the browser’s language', async ({
  browser,
}) => {
  for (const [locale, heading, submit] of [
    ['en-US', 'Welcome back', 'Log in'],
    ['ro-RO', 'Bine ai revenit', 'Autentificare'],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false, locale });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.locator('input[type="email"]')).toBeVisible();
    await expect(page.locator('input[type="password"]')).toBeVisible();
    // Nothing can be sent before the app runs: the password never lands in the address.
    await expect(page.getByRole('button', { name: submit, exact: true })).toBeDisabled();
    await page.locator('input[type="email"]').fill('someone@example.com');
    await page.locator('input[type="password"]').fill('secret-pass-1');
    await page.locator('input[type="password"]').press('Enter');
    await page.evaluate(() => document.querySelector('form')?.requestSubmit());
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  }
});

test('what is typed before the app starts is kept, and the hydrated form signs in', async ({
  browser,
  request,
}) => {
  const user = await registerByApi(request, 'prerender');
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = await watchForErrors(page);
  // The app's scripts arrive late, as on a slow phone: the person starts typing meanwhile.
  let release: () => void = () => undefined;
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('input[type="email"]')).toBeFocused();
  await page.keyboard.type(user.email);
  await page.locator('input[type="password"]').fill(user.password);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  release();
  // Once the app runs, the button is live and the fields still hold what was typed.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My Calendars' })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test('a signed-in visitor of /login is sent on, without the prerendered form hydrating', async ({
  browser,
  request,
}) => {
  const user = await registerByApi(request, 'prerender');
  const context = await browser.newContext();
  await context.addInitScript(
    (stored) => localStorage.setItem('convene.account', JSON.stringify(stored)),
    user.stored,
  );
  const page = await context.newPage();
  const problems = await watchForErrors(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My Calendars' })).toBeVisible();
  await expect(page.locator('form[method="dialog"]')).toHaveCount(0);
  expect(problems).toEqual([]);
  await context.close();
});
