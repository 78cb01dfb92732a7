import { scanForViolations } from './axeScan.ts';
import { shot, signUp } from './calendarsHelpers.ts';
import { expect, test } from './fixtures';
import { findMailedLink } from './helpers.ts';

test.describe('calendars, narrow and in Romanian', () => {
  test.setTimeout(150_000);

  test('a personal calendar stays private; settings save at once; the invite dialog walks its states and invites by e-mail', async ({
    browser,
  }) => {
    const { page, problems } = await signUp(browser, 'ro', {
      locale: 'ro-RO',
      viewport: { width: 390, height: 844 },
    });
    await expect(page.getByRole('heading', { name: 'Calendarele mele', level: 1 })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Calendare' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Calendar privat');
    await shot(page, 'list-narrow-ro');

    // The personal calendar: its visibility is locked, and the text under it says why.
    await cards.first().getByRole('link').click();
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText([
      'Evenimente',
      'Despre',
      'Persoane',
      'Setări',
    ]);
    await shot(page, 'detail-events-narrow-ro');
    await page.getByRole('link', { name: 'Editează' }).click();
    await expect(page.getByRole('heading', { name: 'Editează calendarul' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Calendar public' })).toBeDisabled();
    await expect(page.getByRole('group', { name: 'Vizibilitate' })).toHaveAccessibleDescription(
      'Un calendar personal nu poate fi public.',
    );
    await shot(page, 'edit-personal-narrow-ro');
    await page.getByRole('button', { name: 'Anulează' }).click();

    // A new private calendar with diacritics in its title.
    const title = `Cor de cameră ${Date.now().toString(36)}`;
    await page.goto('/calendar/create');
    await page.getByLabel('Titlu').fill('ab');
    await page.getByRole('button', { name: 'Creează', exact: true }).click();
    await expect(page.getByText('Titlul trebuie să aibă cel puțin 3 caractere.')).toBeVisible();
    await shot(page, 'create-errors-narrow-ro');
    await page.getByLabel('Titlu').fill(title);
    await page.getByRole('button', { name: 'Creează', exact: true }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const calendarId = /calendars\/([0-9a-f]{32})\/events$/.exec(page.url())?.[1] ?? '';
    expect(calendarId).not.toBe('');

    // Settings: a switch is saved on toggle and is still on after a reload.
    await page.getByRole('tab', { name: 'Setări' }).click();
    await expect(page).toHaveURL(`/calendars/${calendarId}/settings`);
    const eta = page.getByRole('switch', { name: 'Împarte ora estimată de sosire cu membrii grupului' });
    await expect(eta).not.toBeChecked();
    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/calendar/settings') && response.status() === 200,
    );
    await eta.click();
    await expect(eta).toBeChecked();
    await saved;
    await shot(page, 'settings-narrow-ro');
    await page.reload();
    await expect(eta).toBeChecked();

    // The invite dialog: idle, no results, a valid e-mail enables Invite.
    await page.getByRole('tab', { name: 'Persoane' }).click();
    await page.getByRole('button', { name: 'Invită persoane' }).click();
    const dialog = page.getByRole('dialog', { name: `Invită persoane în ${title}` });
    const field = dialog.getByLabel('Nume sau adresă de e-mail');
    const invite = dialog.getByRole('button', { name: 'Invită', exact: true });
    await field.fill('abc');
    await expect(dialog.getByText(/Scrie cel puțin 4 caractere/)).toBeVisible();
    await expect(invite).toBeDisabled();
    await shot(page, 'invite-idle-narrow-ro');
    await field.fill('nimeni cunoscut');
    await expect(dialog.getByText(/Nu am găsit pe nimeni\. Scrie o adresă/)).toBeVisible();
    await expect(invite).toBeDisabled();
    const email = `nou.${Date.now().toString(36)}@example.ro`;
    await field.fill(email);
    await expect(
      dialog.getByText(
        `Nimeni nu a confirmat încă adresa ${email}. Invit-o prin e-mail: invitația așteaptă până când adresa este confirmată.`,
      ),
    ).toBeVisible();
    await expect(invite).toBeEnabled();
    await shot(page, 'invite-by-email-narrow-ro');
    // While the invitation is on its way the form is disabled, and stays readable (4.5:1).
    let sendInvitation = () => {};
    const held = new Promise<void>((resolve) => {
      sendInvitation = resolve;
    });
    // Held until the scan is done; later calls pass straight through.
    await page.route('**/api/members', async (route) => {
      await held;
      await route.continue();
    });
    await invite.click();
    await expect(field).toBeDisabled();
    await expect(dialog.getByRole('radio').first()).toBeDisabled();
    expect(await scanForViolations(page)).toEqual([]);
    sendInvitation();
    await expect(page.getByText('Invitația a fost trimisă.')).toBeVisible({ timeout: 30_000 });
    const people = page.getByRole('list', { name: `Persoanele din ${title}` }).getByRole('listitem');
    await expect(people).toHaveCount(2);
    await expect(people.nth(1)).toContainText('Invitație trimisă');
    await shot(page, 'people-narrow-ro');
    expect(await findMailedLink(email, `/calendars/${calendarId}/events`)).toContain(
      `/calendars/${calendarId}/events`,
    );

    // The same address again: said to be invited already before Invite, which stays off.
    await page.getByRole('button', { name: 'Invită persoane' }).click();
    await field.fill(email);
    await expect(dialog.getByText(`Adresa ${email} este deja invitată.`)).toBeVisible();
    await expect(invite).toBeDisabled();
    await shot(page, 'invite-already-invited-narrow-ro');
    await dialog.getByRole('button', { name: 'Anulează' }).click();
    await expect(people).toHaveCount(2);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});

test.describe('calendar screens in both languages', () => {
  test.setTimeout(120_000);

  for (const { locale, viewport, suffix, text } of [
    {
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      suffix: 'narrow-en',
      text: {
        title: 'My Calendars',
        create: 'Create calendar',
        tabs: ['Events', 'About', 'People', 'Settings'],
      },
    },
    {
      locale: 'ro-RO',
      viewport: { width: 1280, height: 800 },
      suffix: 'wide-ro',
      text: {
        title: 'Calendarele mele',
        create: 'Creează un calendar',
        tabs: ['Evenimente', 'Despre', 'Persoane', 'Setări'],
      },
    },
  ]) {
    test(`every calendar screen is translated and fits (${suffix})`, async ({ browser }) => {
      const { page, problems } = await signUp(browser, 'screens', { locale, viewport });
      await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
      await page.getByRole('link', { name: text.create }).click();
      await shot(page, `create-${suffix}`);
      await page.getByRole('textbox').first().fill(`Screens ${suffix}`);
      await page.getByRole('button', { name: /^(Create|Creează)$/ }).click();
      await expect(page.getByRole('heading', { name: `Screens ${suffix}`, level: 1 })).toBeVisible();
      for (const [index, tab] of text.tabs.entries()) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page).toHaveURL(new RegExp(`/${['events', 'about', 'people', 'settings'][index]}$`));
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        // The tab has drawn what it loads (no spinner left), then it is looked at and measured.
        await expect(page.getByRole('progressbar')).toHaveCount(0);
        await shot(page, `detail-${['events', 'about', 'people', 'settings'][index]}-${suffix}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }
      await page.getByRole('tab', { name: text.tabs[2] }).click();
      await page.getByRole('button', { name: /^(Invite people|Invită persoane)$/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, `invite-${suffix}`);
      await page.keyboard.press('Escape');
      await page.goto('/calendars');
      await shot(page, `list-${suffix}`);
      expect(problems).toEqual([]);
    });
  }

  test('a stranger opening a private calendar lands on the 404 page, and is invited by name without their private address showing', async ({
    browser,
  }) => {
    const owner = await signUp(browser, 'private');
    await owner.page.getByRole('link', { name: 'Create calendar' }).click();
    await owner.page.getByLabel('Title').fill('Hidden plans');
    await owner.page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(owner.page).toHaveURL(/\/calendars\/[0-9a-f]{32}\/events$/);
    const path = new URL(owner.page.url()).pathname;

    const prefix = `stranger${Date.now().toString(36)}`;
    const stranger = await signUp(browser, prefix);
    await stranger.page.goto(path);
    await expect(stranger.page).toHaveURL(/\/404$/);
    await expect(stranger.page.getByRole('heading', { name: 'Nope.' })).toBeVisible();

    // Found by name, their private e-mail address is not shown; they are invited all the same.
    const page = owner.page;
    await page.getByRole('tab', { name: 'People' }).click();
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people to Hidden plans' });
    const invite = dialog.getByRole('button', { name: 'Invite', exact: true });
    await dialog.getByLabel('Name or e-mail address').fill(prefix);
    await dialog.getByRole('button', { name: `Test ${prefix}` }).click();
    await expect(dialog.getByText(stranger.user.email)).toHaveCount(0);
    await expect(invite).toBeEnabled();
    await shot(page, 'invite-email-hidden-wide-en');
    await invite.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Test ${prefix}`)).toBeVisible();
    await expect(page.getByText(stranger.user.email)).toHaveCount(0);
    await stranger.page.goto(path);
    await expect(stranger.page).toHaveURL(new RegExp(`${path}$`));
  });
});
