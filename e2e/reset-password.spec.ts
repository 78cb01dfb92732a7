import { shot } from './calendarsHelpers.ts';
import { expect, test } from './fixtures';
import { findMailedLink, loginThroughUi, newUser, registerThroughUi, solveBotCheck } from './helpers.ts';

const wide = { width: 1280, height: 800 };
const narrow = { width: 390, height: 844 };

test('reset the password from the mailed link and log in with the new one', async ({ browser }) => {
  // The used link is also opened in three more browsers (languages and widths).
  test.setTimeout(240_000);
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

  // Opened again, the used link says so at once, instead of a form that cannot succeed.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'This link cannot be used any more' })).toBeVisible();
  await expect(
    page.getByText('This link has expired or was already used. Please ask for a new one.'),
  ).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await shot(page, 'reset-link-used-en-wide');
  for (const [locale, viewport, heading, name] of [
    ['en-US', narrow, 'This link cannot be used any more', 'reset-link-used-en-narrow'],
    ['ro-RO', wide, 'Acest link nu mai poate fi folosit', 'reset-link-used-ro-wide'],
    ['ro-RO', narrow, 'Acest link nu mai poate fi folosit', 'reset-link-used-ro-narrow'],
  ] as const) {
    const other = await browser.newPage({ locale, viewport });
    await other.goto(`${link.pathname}${link.search}`);
    await expect(other.getByRole('heading', { name: heading })).toBeVisible();
    await expect(other.getByLabel(/password|parol/i)).toHaveCount(0);
    await shot(other, name);
    await other.close();
  }
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

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
