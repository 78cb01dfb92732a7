import { expect, test } from '@playwright/test';
import { findMailedLink, loginThroughUi, newUser, registerThroughUi } from './helpers.ts';

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
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/register$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/register$/);

  await loginThroughUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My Calendars' })).toBeVisible();
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

test('a session the server no longer accepts ends locally and sends the user to /register', async ({
  page,
}) => {
  await registerThroughUi(page, newUser('revoked'));
  const loginToken = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('convene.account') ?? '{}') as { loginToken?: string };
    return stored.loginToken ?? '';
  });
  const loggedOut = await page.request.get('/api/auth/logout', { headers: { loginToken, version: '3.7' } });
  expect(loggedOut.status()).toBe(204);

  await page.reload();
  await expect(page).toHaveURL(/\/register$/);
  expect(await page.evaluate(() => localStorage.getItem('convene.account'))).toBeNull();
});
