import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { findMailedLink, newUser, registerThroughUi, type TestUser, watchForErrors } from './helpers.ts';

/** With E2E_SHOTS set, screens are also saved there as PNGs for a person to look at. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A signed-in person in a browser context of their own. */
async function signUp(
  browser: Browser,
  prefix: string,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; user: TestUser; problems: string[] }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const problems = await watchForErrors(page);
  // The push-notification prompt may float over the screen; a person would answer 'Not now'.
  await page.addLocatorHandler(page.getByRole('button', { name: /^(Not now|Nu acum)$/ }), async (button) => {
    await button.click();
  });
  const user = newUser(prefix);
  if (options.locale?.startsWith('ro')) await registerInRomanian(page, user);
  else await registerThroughUi(page, user);
  return { page, user, problems };
}

async function registerInRomanian(page: Page, user: TestUser): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Nume').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Parolă', { exact: true }).fill(user.password);
  const widget = page.locator('altcha-widget');
  await widget.locator('input[type="checkbox"]').click();
  await expect(widget.locator('[data-state="verified"]')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Înregistrare' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The signed-in page's login token, for the API calls a test makes on the person's behalf. */
async function loginTokenOf(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('convene.account') ?? '{}').loginToken as string,
  );
}

/** Accepts a pending calendar invitation through the API (GET /api/notification?token=). */
async function acceptInvitation(page: Page, calendarName: string): Promise<void> {
  const headers = { loginToken: await loginTokenOf(page) };
  let token: string | null = null;
  await expect
    .poll(async () => {
      const history = await page.request.get('/api/notification/history?status=pending', { headers });
      const { notifications } = (await history.json()) as {
        notifications: { token: string | null; calendar: { name: string } | null }[];
      };
      token = notifications.find((item) => item.calendar?.name === calendarName)?.token ?? null;
      return token;
    })
    .not.toBeNull();
  const accepted = await page.request.get(`/api/notification?token=${encodeURIComponent(token ?? '')}`, {
    headers,
  });
  expect(accepted.status()).toBe(200);
}

/** A PNG drawn by the browser itself: a 1600x900 picture with two colour bands. */
async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 900;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#4256c1';
    context.fillRect(0, 0, 1600, 900);
    context.fillStyle = '#f2b705';
    context.fillRect(0, 450, 1600, 450);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

const calendarCards = (page: Page) => page.getByRole('list', { name: 'Calendars' }).getByRole('listitem');

test.describe('calendars, wide', () => {
  test.setTimeout(240_000);

  test('create a public calendar with a cropped cover, edit it, invite a member who accepts, search, delete while the member watches', async ({
    browser,
  }) => {
    const member = await signUp(browser, 'member');
    const owner = await signUp(browser, 'owner');
    const page = owner.page;
    const title = `Open air ${Date.now().toString(36)}`;

    // The list: the personal calendar is there from registration.
    await expect(page.getByRole('heading', { name: 'My Calendars', level: 1 })).toBeVisible();
    await expect(calendarCards(page)).toHaveCount(1);
    await expect(calendarCards(page).first()).toContainText('Private');
    await shot(page, 'list-wide-en');

    // Create: the contract's rules, translated, then a public calendar with a 2:1 cover.
    await page.getByRole('link', { name: 'Create calendar' }).click();
    await expect(page).toHaveURL(/\/calendar\/create$/);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Please enter a title.')).toBeVisible();
    await page.getByLabel('Title').fill(' Open air');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('The title cannot start or end with a space.')).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Public' }).click();
    await expect(page.getByRole('button', { name: 'Public' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('A public calendar needs a cover image.')).toBeVisible();
    await shot(page, 'create-errors-wide-en');

    await page.locator('input[type="file"]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await drawPng(page),
    });
    const cropper = page.getByRole('dialog', { name: 'Crop the cover image' });
    await expect(cropper.getByRole('group', { name: 'Crop area' })).toBeVisible();
    await shot(page, 'cover-crop-wide-en');
    await cropper.getByRole('button', { name: 'Use this crop' }).click();
    await expect(cropper).toBeHidden();
    const preview = page.locator('img[src^="/media/"]');
    await expect(preview).toHaveCount(1);
    await expect(page.getByText('A public calendar needs a cover image.')).toBeHidden();
    await page.getByLabel('Description').fill('Concerts in the park.\nBring a blanket.');
    await shot(page, 'create-filled-wide-en');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    await expect(page).toHaveURL(/\/calendars\/[0-9a-f]{32}\/events$/);
    const calendarUrl = page.url();
    const calendarId = /calendars\/([0-9a-f]{32})\//.exec(calendarUrl)?.[1] ?? '';
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(breadcrumbs.getByRole('link', { name: 'Calendars' })).toBeVisible();
    await expect(breadcrumbs.getByText(title)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('No events to display')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create event' })).toBeVisible();
    const cover = page.locator('header img');
    await expect(cover).toHaveAttribute('src', /^\/media\/photos\/cover\//);
    expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth / image.naturalHeight)).toBe(
      2,
    );
    await shot(page, 'detail-events-wide-en');

    // The path follows the tab.
    const tabs = page.getByRole('tablist', { name: 'Calendar sections' });
    await expect(tabs.getByRole('tab')).toHaveText(['Events', 'About', 'People', 'Settings']);
    await tabs.getByRole('tab', { name: 'About' }).click();
    await expect(page).toHaveURL(`/calendars/${calendarId}/about`);
    await expect(page.getByText('Bring a blanket.')).toBeVisible();
    await expect(page.getByText('1 member', { exact: true })).toBeVisible();

    // Edit: the description changes; the About tab shows it.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/calendar/edit/${calendarId}`);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('Description').fill('Concerts in the park every Friday.');
    await shot(page, 'edit-wide-en');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(`/calendars/${calendarId}/events`);
    await expect(page.getByText('Your changes were saved.')).toBeVisible();
    await tabs.getByRole('tab', { name: 'About' }).click();
    await expect(page.getByText('Concerts in the park every Friday.')).toBeVisible();
    await shot(page, 'detail-about-wide-en');

    // Invite the member by their whole e-mail address, as a plain member.
    await tabs.getByRole('tab', { name: 'People' }).click();
    await expect(page).toHaveURL(`/calendars/${calendarId}/people`);
    const people = page.getByRole('list', { name: `People of ${title}` });
    await expect(people.getByRole('listitem')).toHaveCount(1);
    await expect(people).toContainText('Calendar Owner');
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: `Invite people to ${title}` });
    const invite = dialog.getByRole('button', { name: 'Invite', exact: true });
    await expect(invite).toBeDisabled();
    await dialog.getByLabel('Name or e-mail address').fill(member.user.email);
    await dialog
      .getByRole('list', { name: 'People found' })
      .getByRole('button', { name: /Test member/ })
      .click();
    await expect(dialog.getByRole('radio', { name: /^Member/ })).toBeChecked();
    await expect(invite).toBeEnabled();
    await shot(page, 'invite-selected-wide-en');
    await invite.click();
    await expect(page.getByText('The invitation was sent.')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Invite people' })).toBeFocused();
    await expect(people.getByRole('listitem')).toHaveCount(2);
    await expect(people.getByRole('listitem').nth(1)).toContainText('Invitation Sent');
    await shot(page, 'people-wide-en');

    // Before answering, the invitee may look at the calendar and is asked to answer.
    await member.page.goto(`/calendars/${calendarId}/events`);
    await expect(member.page.getByText('You are invited to this calendar.', { exact: false })).toBeVisible();
    await expect(member.page.getByRole('link', { name: 'Answer' })).toHaveAttribute(
      'href',
      '/activity/requests',
    );
    await shot(member.page, 'invitee-pending-wide-en');
    await member.page.goto('/calendars');

    // The member accepts; the calendar appears in their list, and the owner sees it, without a reload.
    await expect(calendarCards(member.page)).toHaveCount(1);
    await acceptInvitation(member.page, title);
    await expect(calendarCards(member.page)).toHaveCount(2);
    await expect(people.getByRole('listitem').nth(1)).not.toContainText('Invitation Sent');
    await expect(people.getByRole('listitem').nth(1)).toContainText('Member');

    // A person's card opens their profile; one's own card is no button.
    await expect(people.getByRole('button', { name: 'Open the profile of Test owner' })).toHaveCount(0);
    await people.getByRole('button', { name: 'Open the profile of Test member' }).click();
    const profile = page.getByRole('dialog', { name: 'Test member' });
    await expect(profile).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();
    await member.page.getByRole('link', { name: new RegExp(title) }).click();
    await expect(member.page).toHaveURL(`/calendars/${calendarId}/events`);
    await expect(member.page.getByRole('tablist').getByRole('tab')).toHaveText(['Events', 'About']);
    await expect(member.page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(member.page.getByRole('link', { name: 'Create event' })).toHaveCount(0);

    // Search: from 4 characters, client-side by name.
    await page.goto('/calendars');
    await expect(calendarCards(page)).toHaveCount(2);
    const search = page.getByRole('searchbox', { name: 'Search calendars' });
    await search.fill('Ope');
    await expect(page.getByText('Type at least 4 characters to search')).toBeVisible();
    await expect(calendarCards(page)).toHaveCount(2);
    await search.fill('open air');
    await expect(calendarCards(page)).toHaveCount(1);
    await expect(calendarCards(page).first()).toContainText(title);
    await expect(calendarCards(page).first()).toContainText('Public');
    await search.fill('no such calendar');
    await expect(page.getByText('No calendar name contains “no such calendar”.')).toBeVisible();
    await shot(page, 'list-search-empty-wide-en');

    // Delete: irreversible, confirmed; the member watching the calendar is told and sent away.
    await page.goto(`/calendars/${calendarId}/settings`);
    await expect(page.getByRole('switch', { name: 'Generate notices' })).toBeChecked();
    await shot(page, 'settings-wide-en');
    await page.getByRole('button', { name: 'Delete calendar' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete “${title}”?` });
    await expect(confirm).toContainText('This cannot be undone.');
    await shot(page, 'delete-confirm-wide-en');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('The calendar was deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/calendars$/);
    await expect(calendarCards(page)).toHaveCount(1);

    await expect(member.page.getByText('This calendar was removed from your calendars.')).toBeVisible();
    await expect(member.page).toHaveURL(/\/calendars$/);
    await expect(calendarCards(member.page)).toHaveCount(1);
    await shot(member.page, 'member-removed-notice-wide-en');

    expect(owner.problems).toEqual([]);
    expect(member.problems).toEqual([]);
  });
});

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

    // The personal calendar: its visibility is locked, and the tooltip says why.
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
    await page.getByRole('group', { name: 'Vizibilitate' }).hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText('Un calendar personal nu poate fi public.');
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
      dialog.getByText(`Nu am găsit pe nimeni. Confirmă ca să inviți ${email} prin e-mail.`),
    ).toBeVisible();
    await expect(invite).toBeEnabled();
    await shot(page, 'invite-by-email-narrow-ro');
    await invite.click();
    await expect(page.getByText('Invitația a fost trimisă.')).toBeVisible({ timeout: 30_000 });
    const people = page.getByRole('list', { name: `Persoanele din ${title}` }).getByRole('listitem');
    await expect(people).toHaveCount(2);
    await expect(people.nth(1)).toContainText('Invitație trimisă');
    await shot(page, 'people-narrow-ro');
    expect(await findMailedLink(email, `/calendars/${calendarId}/events`)).toContain(
      `/calendars/${calendarId}/events`,
    );

    // The same address again: already invited, nothing sent.
    await page.getByRole('button', { name: 'Invită persoane' }).click();
    await field.fill(email);
    await expect(invite).toBeEnabled();
    await invite.click();
    await expect(page.getByText('Această persoană este deja invitată.')).toBeVisible();
    await expect(dialog).toBeVisible();
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
        await page.waitForLoadState('networkidle');
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

  test('a stranger opening a private calendar lands on the 404 page, and is invited only by their whole e-mail address', async ({
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

    // Found by name, their private e-mail address is not shown: they are invited by typing it whole.
    const page = owner.page;
    await page.getByRole('tab', { name: 'People' }).click();
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people to Hidden plans' });
    const invite = dialog.getByRole('button', { name: 'Invite', exact: true });
    await dialog.getByLabel('Name or e-mail address').fill(prefix);
    await dialog.getByRole('button', { name: `Test ${prefix}` }).click();
    await expect(
      dialog.getByText(`Test ${prefix} keeps their e-mail address private.`, { exact: false }),
    ).toBeVisible();
    await expect(invite).toBeDisabled();
    await shot(page, 'invite-email-hidden-wide-en');
    await dialog.getByRole('button', { name: 'Change' }).click();
    await dialog.getByLabel('Name or e-mail address').fill(stranger.user.email);
    await dialog
      .getByRole('button', { name: new RegExp(stranger.user.email.replace(/[.]/g, '\\.')) })
      .click();
    await expect(invite).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('invitation limit', () => {
  test.setTimeout(240_000);

  test('past the hourly limit the invitation is refused with the limit notice and taken back', async ({
    browser,
  }) => {
    const { page, problems } = await signUp(browser, 'limit');
    await page.getByRole('link', { name: 'Create calendar' }).click();
    await page.getByLabel('Title').fill('Big party');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('tab', { name: 'People' }).click();
    const people = page.getByRole('list', { name: 'People of Big party' }).getByRole('listitem');
    await expect(people).toHaveCount(1);

    const stamp = Date.now().toString(36);
    const inviteByEmail = async (email: string) => {
      await page.getByRole('button', { name: 'Invite people' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite people to Big party' });
      await dialog.getByLabel('Name or e-mail address').fill(email);
      await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
      return dialog;
    };
    // The server's default hourly limit is 20 invitations per sender.
    for (let index = 0; index < 20; index += 1) {
      const dialog = await inviteByEmail(`guest${index}.${stamp}@example.com`);
      await expect(dialog).toBeHidden({ timeout: 30_000 });
    }
    await expect(page.getByText('21 people')).toBeVisible();

    const late = `late.${stamp}@example.com`;
    const dialog = await inviteByEmail(late);
    await expect(
      page.getByText(
        'You have reached the hourly invitation limit. Please try again later or contact support.',
      ),
    ).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The member added before the refused share was taken back.
    await page.getByRole('searchbox', { name: 'Search people' }).fill(late);
    await expect(page.getByText(`No one matches “${late}”.`)).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByText('21 people')).toBeVisible();
    // Chromium itself logs the refused share (429); nothing else may go wrong.
    expect(problems.filter((problem) => !problem.includes('status of 429'))).toEqual([]);
  });
});
