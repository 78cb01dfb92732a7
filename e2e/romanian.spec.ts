import { expect, test } from './fixtures';
import { newUser } from './helpers.ts';

test.use({ locale: 'ro-RO' });

test('a Romanian browser sees Romanian labels on the auth screen and in the navigation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page.getByRole('heading', { name: 'Bine ai revenit' })).toBeVisible();
  await expect(page.getByLabel('Parolă', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Autentificare' })).toBeVisible();

  const user = newUser('ro');
  await page.getByRole('link', { name: 'Creează un cont' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Nume').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Parolă', { exact: true }).fill(user.password);
  const widget = page.locator('altcha-widget');
  await expect(widget.getByText('Nu sunt un robot')).toBeVisible();
  await widget.locator('input[type="checkbox"]').click();
  await expect(widget.locator('[data-state="verified"]')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Înregistrare' }).click();

  await expect(page).toHaveURL(/\/$/);
  const navigation = page.getByRole('navigation', { name: 'Navigare principală' });
  await expect(navigation.getByRole('link', { name: 'Calendarele mele' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Evenimentele mele' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: /^Activitate/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Calendarele mele' })).toBeVisible();
});
