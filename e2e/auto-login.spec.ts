import { expect, test } from './fixtures';
import { newUser, registerThroughUi } from './helpers.ts';

test('an /auto-login/{code} link signs in, drops the code from the address and history, and goes to /', async ({
  browser,
  page,
}) => {
  await registerThroughUi(page, newUser('auto'));
  const loginToken = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('convene.account') ?? '{}') as { loginToken?: string };
    return stored.loginToken ?? '';
  });
  const minted = await page.request.post('/api/auth/loginCode', { headers: { loginToken, version: '3.7' } });
  expect(minted.ok()).toBe(true);
  const { code } = (await minted.json()) as { code: string };

  const fresh = await browser.newPage();
  await fresh.goto(`/auto-login/${code}`);
  await expect(fresh).toHaveURL(/\/$/);
  await expect(fresh.getByRole('heading', { name: 'My Calendars' })).toBeVisible();
  await fresh.goBack();
  expect(fresh.url()).not.toContain(code);
  await fresh.close();
});

test('a used or unknown auto-login code ends on /login with an error notice', async ({ page }) => {
  await page.goto('/auto-login/not-a-real-code');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('This sign-in link has expired or was already used. Please log in.'),
  ).toBeVisible();
});
