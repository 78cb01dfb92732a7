import { expect, test } from './fixtures';
import { findMailedLink, newUser, registerThroughUi, solveBotCheck } from './helpers.ts';

test('register with the real bot check, keep the session on reload, log out and log in again', async ({
  page,
}) => {
  const user = newUser('session');
  await registerThroughUi(page, user);
  await expect(page.getByRole('heading', { name: 'My Calendars' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My Calendars' })).toBeVisible();

  await page.getByRole('link', { name: /^Profile/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(user.email)).toBeVisible();
  // Logging out leads to the login screen; a link opened then (reloading the app) too, and
  // logging in lands on it.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await page.goto('/event/create');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/event\/create$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('a link opened signed out is where signing up, or logging in after switching screens, leads', async ({
  browser,
}) => {
  const owner = newUser('deeplink');
  const ownerPage = await browser.newPage();
  await registerThroughUi(ownerPage, owner);
  const { userId, loginToken } = await ownerPage.evaluate(
    () =>
      JSON.parse(localStorage.getItem('convene.account') ?? '{}') as { userId: string; loginToken: string },
  );
  const calendars = await ownerPage.request.get('/api/calendar/myCalendars?ignoreDeleted=true', {
    headers: { loginToken },
  });
  const personal = ((await calendars.json()) as { calendarId: string; isPersonal: boolean }[]).find(
    (calendar) => calendar.isPersonal,
  );
  await ownerPage.close();

  // A newcomer opens a link to the owner's profile, looks at the login screen, and signs up.
  const newcomer = newUser('newcomer');
  const visitor = await browser.newPage();
  await visitor.goto(`/calendars?person=${userId}`);
  await expect(visitor).toHaveURL(/\/register$/);
  await visitor.getByRole('link', { name: 'Log in' }).click();
  await expect(visitor).toHaveURL(/\/login$/);
  await visitor.getByRole('link', { name: 'Create an account' }).click();
  await expect(visitor.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await visitor.getByLabel('Name').fill(newcomer.name);
  await visitor.getByLabel('E-mail').fill(newcomer.email);
  await visitor.getByLabel('Password', { exact: true }).fill(newcomer.password);
  await solveBotCheck(visitor);
  await visitor.getByRole('button', { name: 'Sign up' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/calendars\\?person=${userId}$`));
  await expect(visitor.getByRole('dialog').getByText(owner.name)).toBeVisible();
  await visitor.close();

  // The owner opens a link to their calendar from another browser, switches to log in.
  const returning = await browser.newPage();
  await returning.goto(`/calendars/${personal?.calendarId}/events`);
  await expect(returning).toHaveURL(/\/register$/);
  await returning.getByRole('link', { name: 'Log in' }).click();
  await expect(returning.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await returning.getByLabel('E-mail').fill(owner.email);
  await returning.getByLabel('Password', { exact: true }).fill(owner.password);
  await returning.getByRole('button', { name: 'Log in' }).click();
  await expect(returning).toHaveURL(new RegExp(`/calendars/${personal?.calendarId}/events$`));
  await returning.close();
});

test('the incomplete profile shows a dot on the profile entry', async ({ page }) => {
  await registerThroughUi(page, newUser('dot'));
  await expect(page.getByRole('link', { name: /Profile incomplete/ })).toBeVisible();
});

test('the e-mail confirmation link ends on the app with a notice, and open tabs refresh the account', async ({
  page,
}) => {
  const user = newUser('confirm');
  await registerThroughUi(page, user);
  const link = new URL(await findMailedLink(user.email, '/api/account/confirmEmail?token='));
  // The first tab learns of the change through its realtime connection and refetches the account.
  const refetched = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/account');

  const mailTab = await page.context().newPage();
  await mailTab.goto(`${link.pathname}${link.search}`);
  await expect(mailTab).toHaveURL(/\/$/);
  await expect(mailTab.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible();
  await refetched;
});

test('a session the server no longer accepts ends locally and sends the user to /login', async ({ page }) => {
  await registerThroughUi(page, newUser('revoked'));
  const loginToken = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('convene.account') ?? '{}') as { loginToken?: string };
    return stored.loginToken ?? '';
  });
  const loggedOut = await page.request.get('/api/auth/logout', { headers: { loginToken, version: '3.7' } });
  expect(loggedOut.status()).toBe(204);

  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('convene.account'))).toBeNull();
});
