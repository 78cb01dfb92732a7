import { acceptInvitation, calendarCards, drawPng, shot, signUp } from './calendarsHelpers.ts';
import { expect, test } from './fixtures';
import { confirmAddress } from './helpers.ts';

test.describe('calendars, wide', () => {
  test.setTimeout(240_000);
  test('create a public calendar with a cropped cover, edit it, invite a member who accepts, search, delete while the member watches', async ({
    browser,
  }) => {
    const member = await signUp(browser, 'member');
    // Invitations by e-mail reach an account once it confirmed the address.
    await confirmAddress(member.page.request, member.user.email);
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
    await expect(people.getByRole('button', { name: /^Test owner/ })).toHaveCount(0);
    await people.getByRole('button', { name: /^Test member/ }).click();
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
    // One clear button: ours (a native type=search field would add the browser's own).
    await expect(search).toHaveAttribute('type', 'text');
    await expect(calendarCards(page).filter({ hasText: 'Personal' })).toHaveCount(1);
    await search.fill('Ope');
    await expect(page.getByText('Type at least 4 characters to search')).toBeVisible();
    await expect(calendarCards(page)).toHaveCount(2);
    await search.fill('open air');
    await expect(calendarCards(page)).toHaveCount(1);
    await expect(calendarCards(page).first()).toContainText(title);
    await expect(calendarCards(page).first()).toContainText('Public');
    await search.fill('no such calendar');
    await expect(page.getByText('No calendar name contains “no such calendar”.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(1);
    await shot(page, 'list-search-empty-wide-en');
    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect(calendarCards(page)).toHaveCount(2);

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

    // Deleted by its owner, which is not the same news as being removed from it (PRODUCT.md §1.4).
    await expect(member.page.getByText('Its owner deleted this calendar.')).toBeVisible();
    await expect(member.page).toHaveURL(/\/calendars$/);
    await expect(calendarCards(member.page)).toHaveCount(1);
    await shot(member.page, 'member-removed-notice-wide-en');

    expect(owner.problems).toEqual([]);
    expect(member.problems).toEqual([]);
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
