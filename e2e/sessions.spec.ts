import { shot } from './calendarsHelpers.ts';
import { type Browser, expect, test } from './fixtures';
import { newUser, watchForErrors } from './helpers.ts';
import { type Language, loginIn, registerIn } from './profileHelpers.ts';

const devices = {
  laptop: {
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    viewport: { width: 1280, height: 900 },
  },
  phone: {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  },
  desktop: {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    viewport: { width: 1280, height: 900 },
  },
} as const;

/** A browser of its own for one device, in one language. */
async function openDevice(browser: Browser, device: keyof typeof devices, language: Language) {
  const context = await browser.newContext({
    ...devices[device],
    locale: language === 'ro' ? 'ro-RO' : 'en-US',
  });
  const page = await context.newPage();
  // The push-notification prompt may float over the screen; a person would answer 'Not now'.
  await page.addLocatorHandler(page.getByRole('button', { name: /^(Not now|Nu acum)$/ }), async (button) => {
    await button.click();
  });
  return { page, problems: await watchForErrors(page) };
}

test('the profile lists where one is signed in; signs out one device, then every other', async ({
  browser,
}) => {
  // Three browsers, one sign-up and two logins: a long journey on a busy machine.
  test.setTimeout(240_000);
  const user = newUser('sessions');
  const laptop = await openDevice(browser, 'laptop', 'en');
  await registerIn(laptop.page, user, 'en');
  const phone = await openDevice(browser, 'phone', 'en');
  await loginIn(phone.page, user.email, user.password, 'en');
  const desktop = await openDevice(browser, 'desktop', 'ro');
  await loginIn(desktop.page, user.email, user.password, 'ro');

  await laptop.page.goto('/profile');
  const list = laptop.page.getByRole('list', { name: "Where you're signed in" });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const thisDevice = list.getByRole('listitem').first();
  await expect(thisDevice).toContainText('Chrome on Windows');
  await expect(thisDevice).toContainText('This device');
  await expect(thisDevice.getByRole('button')).toHaveCount(0);
  await expect(list).toContainText('Safari on iOS');
  await expect(list).toContainText('Firefox on Linux');
  await expect(list).toContainText('Last active');
  await shot(laptop.page, 'sessions-wide-en');

  await phone.page.goto('/profile');
  await expect(
    phone.page.getByRole('list', { name: "Where you're signed in" }).getByRole('listitem').first(),
  ).toContainText('Safari on iOS');
  await shot(phone.page, 'sessions-narrow-en');

  await desktop.page.goto('/profile');
  const roList = desktop.page.getByRole('list', { name: 'Unde ești conectat' });
  await expect(roList.getByRole('listitem').first()).toContainText('Firefox pe Linux');
  await expect(roList.getByRole('listitem').first()).toContainText('Acest dispozitiv');
  await shot(desktop.page, 'sessions-wide-ro');
  await desktop.page.setViewportSize({ width: 390, height: 844 });
  await shot(desktop.page, 'sessions-narrow-ro');

  // Sign the phone out from the laptop: its next screen is the login.
  await laptop.page.getByRole('button', { name: /^Sign out Safari on iOS, last active / }).click();
  await expect(laptop.page.getByText('That device is signed out.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await phone.page.reload();
  await expect(phone.page).toHaveURL(/\/login$/);

  // "Sign out other sessions", by keyboard: the desktop is signed out, the laptop stays.
  const others = laptop.page.getByRole('button', { name: 'Sign out other sessions' });
  await others.focus();
  await laptop.page.keyboard.press('Enter');
  await expect(laptop.page.getByText('Every other device is signed out.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(others).toBeDisabled();
  await desktop.page.reload();
  await expect(desktop.page).toHaveURL(/\/login$/);
  await laptop.page.reload();
  await expect(laptop.page).toHaveURL(/\/profile$/);
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The signed-out devices log their refused 401s; the laptop must stay clean.
  expect(laptop.problems).toEqual([]);
});
