import { expect, test } from './fixtures';
import { loginThroughUi, newUser, registerThroughUi } from './helpers.ts';

test('a wrong password and an unknown e-mail show the spec texts on the password field', async ({
  browser,
}) => {
  const user = newUser('errors');
  const signUp = await browser.newPage();
  await registerThroughUi(signUp, user);
  await signUp.close();

  const page = await browser.newPage();
  await loginThroughUi(page, user.email, 'not-the-password');
  const password = page.getByLabel('Password', { exact: true });
  await expect(page.getByText('The email and password combination you entered is not right.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('E-mail').fill(`nobody.${Date.now()}@example.com`);
  await password.fill('whatever1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('There is no account associated with this email address.')).toBeVisible();
  await page.close();
});

test('the login form checks its fields with the contract rules before calling the server', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter your e-mail address.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await page.getByLabel('E-mail').fill('not-an-address');
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
});
