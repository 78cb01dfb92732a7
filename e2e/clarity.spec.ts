import { loginTokenOf, shot, signUp } from './calendarsHelpers.ts';
import { createEventThroughApi, eventPagePath, personalCalendarId } from './eventDetailsHelpers.ts';
import { expect, test } from './fixtures';

const narrow = { width: 390, height: 844 };

test.describe('clarity (issue 10 point 6)', () => {
  test.setTimeout(120_000);
  test('the personal calendar says why it stays private without a tooltip over that text', async ({
    browser,
  }) => {
    const { page, problems } = await signUp(browser, 'personal');
    const calendarId = await personalCalendarId(page);
    await page.goto(`/calendar/edit/${calendarId}`);
    const visibility = page.getByRole('group', { name: 'Visibility' });
    await expect(visibility.getByRole('button', { name: 'Public' })).toBeDisabled();
    const hint = page.getByText('A personal calendar cannot be public.');
    await expect(hint).toBeVisible();
    await visibility.hover();
    // A tooltip would open after MUI's 100 ms enter delay: give it well over that, then look.
    await page.waitForTimeout(600);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    const box = await hint.boundingBox();
    const topmost = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? '', {
      x: (box?.x ?? 0) + 4,
      y: (box?.y ?? 0) + (box?.height ?? 0) / 2,
    });
    expect(topmost).toContain('A personal calendar cannot be public.');
    await shot(page, 'clarity-personal-visibility-wide-en');
    expect(problems).toEqual([]);
  });

  test('Romanian phone: the place with its maps link, the agenda row, the confirmation, the deleted event', async ({
    browser,
  }) => {
    const { page, problems } = await signUp(browser, 'ro', { locale: 'ro-RO', viewport: narrow });
    const name = `Concert în parc ${Date.now().toString(36)}`;
    const eventId = await createEventThroughApi(page, {
      name,
      location: { address: 'Parcul Cișmigiu, București' },
    });
    await page.goto(eventPagePath(name, eventId));
    const openInMaps = page.getByRole('link', {
      name: 'Deschide în hărți: Parcul Cișmigiu, București (se deschide într-o filă nouă)',
    });
    await expect(openInMaps).toHaveText('Deschide în hărți');
    await expect(openInMaps).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/search\?query=Parcul%20Ci/,
    );
    await shot(page, 'clarity-place-narrow-ro');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'clarity-place-wide-ro');
    await page.setViewportSize(narrow);

    await page.goto('/events');
    const row = page
      .getByRole('region', { name: 'Evenimente' })
      .getByRole('link', { name: new RegExp(name) });
    // The calendar's name beside its colour, and my answer (the owner goes).
    await expect(row).toContainText('Test ro');
    await expect(row).toContainText('Particip');
    await shot(page, 'clarity-agenda-narrow-ro');

    await page.goto('/calendars');
    await expect(page.getByText('Calendar personal', { exact: true })).toBeVisible();
    await shot(page, 'clarity-calendars-narrow-ro');

    await page.goto(eventPagePath(name, eventId));
    await page.getByRole('button', { name: 'Șterge' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ștergi acest eveniment?' });
    await expect(confirm.getByRole('button', { name: 'Nu' })).toBeFocused();
    await expect(confirm.getByRole('button', { name: 'Da' })).toHaveClass(/MuiButton-colorError/);
    await shot(page, 'clarity-delete-confirm-narrow-ro');
    await confirm.getByRole('button', { name: 'Nu' }).click();
    await expect(confirm).toBeHidden();

    // Deleted elsewhere (another tab, through the API) while open here: /404 says what happened.
    const deleted = await page.request.delete('/api/event', {
      headers: { loginToken: await loginTokenOf(page) },
      data: { calendarId: await personalCalendarId(page), eventId },
    });
    expect(deleted.status()).toBeLessThan(300);
    await expect(page).toHaveURL(/\/404$/);
    await expect(
      page.getByText('Evenimentul pe care îl aveai deschis a fost șters sau nu mai este partajat cu tine.'),
    ).toBeVisible();
    await shot(page, 'clarity-deleted-404-narrow-ro');
    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
  });
});
