import { expect, test } from './fixtures';
import { newUser, solveBotCheck, watchForErrors } from './helpers.ts';

test('the auth screens and the shell run without console errors or CSP violations', async ({ page }) => {
  const problems = await watchForErrors(page);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goto('/reset-password');
  await expect(page.locator('altcha-widget')).toBeVisible();

  const user = newUser('console');
  await page.goto('/register');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await solveBotCheck(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'My Calendars' })).toBeVisible();

  for (const name of ['My events', 'Chat', 'Activity']) {
    await page.getByRole('navigation').getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
  }
  await page.goto('/profile');
  await expect(page.getByText(user.email)).toBeVisible();
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Nope.' })).toBeVisible();

  expect(problems).toEqual([]);
});
