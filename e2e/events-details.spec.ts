import { shot, signUp } from './calendarsHelpers.ts';
import {
  acceptEventInvitation,
  createEventThroughApi,
  eventPagePath,
  personalCalendarId,
} from './eventDetailsHelpers.ts';
import { expect, test } from './fixtures';
import { confirmAddress } from './helpers.ts';

const narrow = { width: 390, height: 844 };

/** Console problems but the 404s of pages that ask once more for an event just deleted (its RSVP, attendees). */
const unexpectedProblems = (problems: string[]) =>
  problems.filter((problem) => !problem.includes('status of 404'));

test.describe('event details', () => {
  test('owner invites a guest who answers while the owner watches; location; delete sends the guest to not found', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const guest = await signUp(browser, 'guest');
    // Invitations by e-mail reach an account once it confirmed the address.
    await confirmAddress(guest.page.request, guest.user.email);
    const owner = await signUp(browser, 'owner');
    const { page } = owner;
    const name = `Garden concert ${Date.now().toString(36)}`;
    const eventId = await createEventThroughApi(page, {
      name,
      description: 'Bring a blanket and snacks.',
      location: { name: 'Herăstrău Park', address: 'Bucharest, Romania', coordinates: '44.4268,26.1025' },
      tags: ['music'],
      reminders: [{ fireInterval: 1800 }],
    });
    await page.goto(eventPagePath(name, eventId));

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('30 minutes before')).toBeVisible();
    await expect(page.getByText('music', { exact: true })).toBeVisible();
    await expect(page.getByText('Bring a blanket and snacks.')).toBeVisible();
    // The place is among the main facts, with a link that opens it in OpenStreetMap in a new tab.
    const openInMaps = page.getByRole('link', {
      name: 'Open in maps: Herăstrău Park, Bucharest, Romania (opens in a new tab)',
    });
    await expect(openInMaps).toHaveText('Open in maps');
    await expect(openInMaps).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=Her%C4%83str%C4%83u%20Park%2C%20Bucharest%2C%20Romania',
    );
    await expect(openInMaps).toHaveAttribute('target', '_blank');
    await expect(openInMaps).toHaveAttribute('rel', 'noopener noreferrer');
    const myAnswer = page.getByRole('group', { name: 'Will you attend?' });
    await expect(myAnswer.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const panel = page.getByRole('complementary', { name: 'Event sections' });
    await expect(panel.getByRole('tab', { name: 'Attendees' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByText('0 attendees')).toBeVisible();

    // Invite the guest by their whole e-mail address.
    await panel.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: `Invite people to ${name}` });
    const invite = dialog.getByRole('button', { name: 'Invite', exact: true });
    await expect(invite).toBeDisabled();
    await dialog.getByLabel('Name or e-mail address').fill(guest.user.email);
    const found = dialog
      .getByRole('list', { name: 'People found' })
      .getByRole('button', { name: /Test guest/ });
    // The same initials as everywhere else: two letters, not one.
    await expect(found).toContainText('TG');
    await found.click();
    await invite.click();
    await expect(page.getByText('The invitation was sent.')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
    await expect(panel.getByText('1 attendee', { exact: true })).toBeVisible();
    const people = panel.getByRole('list', { name: 'People invited' });
    await expect(people.getByRole('listitem').filter({ hasText: 'Test guest' })).toContainText('Pending');

    // Inviting them again is refused before anything is sent.
    await panel.getByRole('button', { name: 'Invite people' }).click();
    await dialog.getByLabel('Name or e-mail address').fill(guest.user.email);
    await dialog
      .getByRole('list', { name: 'People found' })
      .getByRole('button', { name: /Test guest/ })
      .click();
    await expect(dialog.getByText('This person is already invited.')).toBeVisible();
    await expect(invite).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The guest accepts; the owner's open page follows every answer live.
    await acceptEventInvitation(guest.page, name);
    const answers = panel.getByRole('list', { name: 'Answers of the others' });
    await expect(answers).toContainText('Going · 1');
    await guest.page.goto(eventPagePath(name, eventId));
    const guestAnswer = guest.page.getByRole('group', { name: 'Will you attend?' });
    await expect(guestAnswer.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await guestAnswer.getByRole('button', { name: 'Not going' }).click();
    await expect(guestAnswer.getByRole('button', { name: 'Not going' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(answers).toContainText('Not going · 1');
    await guestAnswer.getByRole('button', { name: 'Going', exact: true }).click();
    await expect(answers).toContainText('Going · 1');
    await expect(people.getByRole('listitem').filter({ hasText: 'Test guest' })).toContainText('Going');
    // The guest sees the owner, can open their profile, and has no Edit or Delete.
    await expect(guest.page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(guest.page.getByRole('button', { name: 'Remove from my calendar' })).toBeVisible();
    await shot(guest.page, 'details-guest-wide-en');
    await shot(page, 'details-owner-wide-en');

    // Location: a map of the place.
    await panel.getByRole('tab', { name: 'Location' }).click();
    await expect(panel.getByText('Herăstrău Park')).toBeVisible();
    await expect(panel.getByLabel('Map of Herăstrău Park')).toBeVisible();
    await shot(page, 'details-location-wide-en');

    // The same page on a phone: sections open full screen, Delete sits at the bottom.
    await page.setViewportSize(narrow);
    await expect(page.getByRole('complementary', { name: 'Event sections' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Attendees · 1' }).click();
    const attendeesDialog = page.getByRole('dialog', { name: 'Attendees' });
    await expect(attendeesDialog.getByText('Test guest')).toBeVisible();
    await shot(page, 'details-attendees-narrow-en');
    await attendeesDialog.getByRole('button', { name: 'Close' }).click();
    await shot(page, 'details-owner-narrow-en');
    await page.setViewportSize({ width: 1280, height: 800 });

    // An event without coordinates.
    const plainName = `Plain meeting ${Date.now().toString(36)}`;
    const plainId = await createEventThroughApi(page, { name: plainName, location: { name: 'Somewhere' } });
    await page.goto(eventPagePath(plainName, plainId));
    await page.getByRole('tab', { name: 'Location' }).click();
    await expect(page.getByText('No Address found')).toBeVisible();

    // The owner deletes the first event while the guest looks at it.
    await page.goto(eventPagePath(name, eventId));
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this event?' });
    // The destructive answer is in the error colour; focus waits on the safe one.
    await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
    await expect(confirm.getByRole('button', { name: 'Yes' })).toHaveClass(/MuiButton-colorError/);
    await shot(page, 'details-delete-confirm-wide-en');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('The event was deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/events$/);
    await expect(guest.page).toHaveURL(/\/404$/);
    await expect(guest.page.getByRole('heading', { name: 'Nope.' })).toBeVisible();
    await expect(
      guest.page.getByText('The event you had open was deleted, or it is no longer shared with you.'),
    ).toBeVisible();
    await shot(guest.page, 'details-deleted-404-wide-en');
    expect(unexpectedProblems([...owner.problems, ...guest.problems])).toEqual([]);
  });

  test('Romanian phone: attendees in a full-screen dialog, delete at the bottom', async ({ browser }) => {
    test.setTimeout(120_000);
    const { page, problems } = await signUp(browser, 'ro', { locale: 'ro-RO', viewport: narrow });
    const name = `Seară de film ${Date.now().toString(36)}`;
    const eventId = await createEventThroughApi(page, {
      name,
      description: 'Aduceți floricele.',
      tags: ['film'],
      reminders: [{ fireInterval: 86_400 }],
      repeatingRule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=4',
    });
    expect(await personalCalendarId(page)).toBeTruthy();
    await page.goto('/events');
    await page.goto(eventPagePath(name, eventId), { waitUntil: 'load' });
    const occurrence = page.getByRole('heading', { level: 1, name });
    await expect(occurrence).toBeVisible();
    await expect(page.getByText('Cu 1 zi înainte')).toBeVisible();
    await expect(
      page.getByText('În fiecare săptămână, în zilele de vineri, se încheie după 4 apariții'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Particip', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await shot(page, 'details-narrow-ro');

    await page.getByRole('button', { name: 'Participanți · 0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Participanți' });
    await expect(dialog.getByText('0 participanți')).toBeVisible();
    await shot(page, 'details-attendees-narrow-ro');
    await dialog.getByRole('button', { name: 'Închide' }).click();
    await page.getByRole('button', { name: 'Locație' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Locație' }).getByText('Nicio adresă găsită'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Închide' }).click();

    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'details-wide-ro');
    await page.setViewportSize(narrow);

    await page.getByRole('button', { name: 'Șterge' }).click();
    await page
      .getByRole('dialog', { name: 'Ștergi acest eveniment?' })
      .getByRole('button', { name: 'Da' })
      .click();
    await expect(page.getByText('Evenimentul a fost șters.')).toBeVisible();
    await expect(page).toHaveURL(/\/events$/);
    await page.goto(eventPagePath(name, eventId));
    await expect(page).toHaveURL(/\/404$/);
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
