/** The signed-in frame on long screens and small ones (issue 10 points 4 and 5). */
import { createEventThroughApi, eventPagePath } from './eventDetailsHelpers.ts';
import { expect, type Page, test } from './fixtures';
import { newUser, registerThroughUi } from './helpers.ts';
import { registerIn } from './profileHelpers.ts';

// Long journeys (several screens each, every one scanned for accessibility).
test.slow();

/** Scrolls the page to its end and waits until it got there. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

/** Whether the page scrolls sideways (content wider than the viewport). */
function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test.describe('wide screens', () => {
  test.use({ viewport: { width: 1280, height: 600 } });

  test('the side navigation stays in place and Save stays reachable on long screens', async ({ page }) => {
    await registerThroughUi(page, newUser('shell'));
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const eventId = await createEventThroughApi(page, {
      name: 'Long one',
      description: 'A line\n'.repeat(80),
    });

    for (const path of ['/profile/edit', '/event/create', eventPagePath('Long one', eventId)]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      const before = await navigation.boundingBox();
      const isForm = path !== eventPagePath('Long one', eventId);
      if (isForm) await page.getByTestId('edit-bottom-actions').scrollIntoViewIfNeeded();
      else await scrollToEnd(page);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const after = await navigation.boundingBox();
      expect(after, path).toEqual(before);
      expect(after?.y).toBe(0);
      await expect(navigation.getByRole('link', { name: 'My Calendars' })).toBeInViewport();

      if (isForm) {
        // The top bar sticks to the top with its Save/Create, and the form repeats them at its end.
        const bar = page.getByTestId('edit-top-bar');
        const barBox = await bar.boundingBox();
        expect(barBox?.y).toBeGreaterThanOrEqual(0);
        expect(barBox?.y).toBeLessThan(40);
        await expect(bar.getByRole('button', { name: /^(Save|Create)$/ })).toBeInViewport();
        await expect(
          page.getByTestId('edit-bottom-actions').getByRole('button', { name: /^(Save|Create)$/ }),
        ).toBeInViewport();
      }
    }
  });

  test('after a route change focus is on the new screen heading; one main per screen; visible focus ring', async ({
    page,
  }) => {
    await registerThroughUi(page, newUser('focus'));
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(page.getByRole('main')).toHaveCount(1);

    await navigation.getByRole('link', { name: 'My events' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My events' })).toBeFocused();
    await expect(page.getByRole('main')).toHaveCount(1);

    await navigation.getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeFocused();
    await expect(page.getByRole('main')).toHaveCount(1);

    await page.goto('/404');
    await expect(page.getByRole('main')).toHaveCount(1);

    // Keyboard focus draws a solid outline of at least 2px (not only a tint) on buttons and links.
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'My events' })).toBeVisible();
    const outlineOf = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          style: style.outlineStyle,
          width: Number.parseFloat(style.outlineWidth),
          color: style.outlineColor,
        };
      });
    const navLink = navigation.getByRole('link', { name: 'Chat' });
    await navLink.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(navLink).toBeFocused();
    expect(await outlineOf(navLink)).toEqual({ style: 'solid', width: 2, color: 'rgb(66, 86, 193)' });
  });
});

test.describe('phone, Romanian', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'ro-RO' });

  test('tab labels are whole, calendar tabs fit or scroll visibly, long addresses wrap without sideways scrolling', async ({
    page,
  }) => {
    const user = newUser('phone');
    user.email = `a.rather.long.address.for.wrapping.${Date.now()}@subdomain.example-domain.com`;
    await registerIn(page, user, 'ro');
    const tabs = page.getByRole('navigation', { name: 'Navigare principală' });
    await expect(tabs.getByRole('link')).toHaveCount(5);
    const labels = tabs.locator('.MuiBottomNavigationAction-label');
    await expect(labels).toHaveCount(5);
    const cutLabels = () =>
      labels.evaluateAll((all) =>
        all.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
      );
    expect(await cutLabels()).toEqual([]);

    // Each tab selected in turn (the selected label is bolder): no label is cut, no page scrolls sideways.
    for (const name of ['Evenimente', 'Chat', 'Activitate', 'Profil', 'Calendare']) {
      await tabs.getByRole('link', { name }).click();
      await expect(tabs.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await cutLabels(), name).toEqual([]);
      expect(await pageScrollsSideways(page), name).toBe(false);
    }

    await page.goto('/profile');
    await expect(page.getByText(user.email.slice(0, 10))).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);

    // The personal calendar's tabs either fit or show their scroll buttons.
    await page.goto('/calendars');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('main a[href^="/calendars/"]').first().click();
    const tabList = page.getByRole('tablist');
    await expect(tabList).toBeVisible();
    const fits = await tabList.evaluate((list) => list.scrollWidth <= list.clientWidth);
    if (!fits) await expect(page.locator('.MuiTabs-scrollButtons').last()).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);
  });
});

test('Tab enters the agenda on the first event of today, arrows move between events', async ({ page }) => {
  await registerThroughUi(page, newUser('agenda'));
  const day = 86_400_000;
  const today = new Date();
  today.setUTCHours(12, 0, 0, 0);
  for (const [name, start] of [
    ['Old meeting', new Date(today.getTime() - 6 * day)],
    ['Older meeting', new Date(today.getTime() - 9 * day)],
    ['Today meeting', today],
    ['Later meeting', new Date(today.getTime() + 2 * day)],
  ] as const) {
    await createEventThroughApi(page, {
      name,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      startTimezone: 'UTC',
      endTimezone: 'UTC',
    });
  }
  await page.goto('/events');
  const agenda = page.getByRole('region', { name: 'Events' });
  await expect(agenda.getByRole('link', { name: /Today meeting/ })).toBeVisible();
  await expect(agenda.getByRole('link', { name: /Older meeting/ })).toBeAttached();

  // Exactly one row is in the Tab order: today's.
  await expect(agenda.locator('a[tabindex="0"]')).toHaveCount(1);
  await page.getByRole('heading', { level: 1 }).click();
  for (let presses = 0; presses < 20; presses += 1) {
    await page.keyboard.press('Tab');
    if (await agenda.evaluate((region) => region.contains(document.activeElement))) break;
  }
  await expect(agenda.getByRole('link', { name: /Today meeting/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(agenda.getByRole('link', { name: /Later meeting/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(agenda.getByRole('link', { name: /Old meeting/ })).toBeFocused();
});
