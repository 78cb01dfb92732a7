import { expect, test } from './fixtures';
import { findMailedLink, loginThroughUi, newUser, registerThroughUi, solveBotCheck } from './helpers.ts';

test('reset the password from the mailed link and log in with the new one', async ({ browser }) => {
  const user = newUser('reset');
  const signUp = await browser.newPage();
  await registerThroughUi(signUp, user);
  await signUp.close();

  const page = await browser.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('E-mail').fill(user.email);
  await solveBotCheck(page);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('Check your email inbox for further instructions!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const link = new URL(await findMailedLink(user.email, '/reset-password?token='));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const newPassword = 'brand-new-pass2';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm the new password', { exact: true }).fill('something-else');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm the new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been changed. You can log in with it now.')).toBeVisible();
  // The login form knows who just chose a password: the e-mail is filled in, the password waits.
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('another-pass3');
  await page.getByLabel('Confirm the new password', { exact: true }).fill('another-pass3');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText(/This link has expired or was already used/)).toBeVisible();

  await loginThroughUi(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My Calendars' })).toBeVisible();
  await page.close();
});

test('a reset for an unknown e-mail says User not found on the e-mail field', async ({ page }) => {
  await page.goto('/reset-password');
  await page.getByLabel('E-mail').fill(`ghost.${Date.now()}@example.com`);
  await solveBotCheck(page);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('User not found')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
});
