import { expect, test } from './fixtures';
import { newUser, registerThroughUi } from './helpers.ts';

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('show the bottom tab bar instead of the side navigation', async ({ page }) => {
    await registerThroughUi(page, newUser('narrow'));
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation).toHaveCount(1);
    await expect(navigation.getByRole('link')).toHaveCount(5);
    await expect(navigation.getByRole('link', { name: 'Calendars' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('img', { name: 'Convene' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Feedback' })).toHaveCount(0);
    const box = await navigation.boundingBox();
    expect(box?.y).toBe(844 - (box?.height ?? 0));

    await navigation.getByRole('link', { name: 'Chat' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole('heading', { name: 'Chat' })).toBeVisible();
  });
});

test('wide screens show the side navigation with the logo and the feedback link', async ({ page }) => {
  await registerThroughUi(page, newUser('wide'));
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('img', { name: 'Convene' })).toBeVisible();
  const box = await navigation.boundingBox();
  expect(box?.width).toBe(256);
  await expect(navigation.getByRole('link', { name: 'Feedback' })).toHaveAttribute(
    'href',
    /^mailto:.+\?subject=Convene%20Feedback$/,
  );
  await expect(navigation.getByRole('button', { name: 'Switch to classic' })).toHaveCount(0);
  await navigation.getByRole('link', { name: 'My events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(navigation.getByRole('link', { name: 'My events' })).toHaveAttribute('aria-current', 'page');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Nope.' })).toBeVisible();
  await expect(page.getByText('The page could not be found.')).toBeVisible();
});

test('a signed-out visitor of a protected route is sent to /register', async ({ page }) => {
  await page.goto('/calendars');
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
});
