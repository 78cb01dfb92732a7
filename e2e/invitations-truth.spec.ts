import { loginTokenOf, shot, signUp } from './calendarsHelpers.ts';
import { acceptEventInvitation, createEventThroughApi, eventPagePath } from './eventDetailsHelpers.ts';
import { expect, type Page, test } from './fixtures';

const wide = { width: 1280, height: 800 };
const narrow = { width: 390, height: 844 };

/** What the screens say, per language. */
const languages = {
  en: {
    locale: 'en-US',
    invitePeople: 'Invite people',
    attendees: 'Attendees',
    close: 'Close',
    dialog: (event: string) => `Invite people to ${event}`,
    field: 'Name or e-mail address',
    invite: 'Invite',
    sent: 'The invitation was sent.',
    cancel: 'Cancel',
    own: 'This is your own address; you cannot invite yourself.',
    waits: (email: string) =>
      `No one has confirmed ${email} yet. Invite it by e-mail: the invitation waits until the address is confirmed.`,
    invited: (email: string) => `${email} is already invited.`,
    going: (person: string, event: string) => `${person} is going to ${event}`,
  },
  ro: {
    locale: 'ro-RO',
    invitePeople: 'Invită persoane',
    attendees: 'Participanți',
    close: 'Închide',
    dialog: (event: string) => `Invită persoane în ${event}`,
    field: 'Nume sau adresă de e-mail',
    invite: 'Invită',
    sent: 'Invitația a fost trimisă.',
    cancel: 'Anulează',
    own: 'Aceasta este adresa ta de e-mail; nu îți poți trimite o invitație.',
    waits: (email: string) =>
      `Nimeni nu a confirmat încă adresa ${email}. Invit-o prin e-mail: invitația așteaptă până când adresa este confirmată.`,
    invited: (email: string) => `Adresa ${email} este deja invitată.`,
    going: (person: string, event: string) => `${person} participă la ${event}`,
  },
} as const;

/** Changes the signed-in person's own answer to an event through the API, as the page does. */
async function answer(page: Page, eventId: string, rsvp: 'attending' | 'notAttending') {
  const headers = { loginToken: await loginTokenOf(page) };
  const mine = await (await page.request.get(`/api/events/${eventId}/userEventStatus`, { headers })).json();
  const answered = await page.request.put(`/api/userEventStatuses/${mine.userEventStatusId}`, {
    headers,
    data: { statuses: { rsvp } },
  });
  expect(answered.status()).toBe(200);
}

for (const [language, say] of Object.entries(languages)) {
  test(`the invite dialog and an answer's card say the truth (${language})`, async ({ browser }) => {
    test.setTimeout(300_000);
    const owner = await signUp(browser, `truth-${language}`, { locale: say.locale });
    const guest = await signUp(browser, `truthguest-${language}`);
    const { page } = owner;
    const name = `Picnic ${Date.now().toString(36)}`;
    const eventId = await createEventThroughApi(page, { name });
    await page.goto(eventPagePath(name, eventId));
    const dialog = page.getByRole('dialog', { name: say.dialog(name) });
    const field = dialog.getByLabel(say.field);
    const invite = dialog.getByRole('button', { name: say.invite, exact: true });
    const openDialog = () => page.getByRole('button', { name: say.invitePeople }).click();

    // One's own address is never offered.
    await openDialog();
    await field.fill(owner.user.email);
    await expect(dialog.getByText(say.own)).toBeVisible();
    await expect(invite).toBeDisabled();
    await shot(page, `invite-own-address-wide-${language}`);

    // An address nobody has confirmed: the invitation waits for it to be confirmed.
    const address = `new.${Date.now().toString(36)}@example.org`;
    await field.fill(address);
    await expect(dialog.getByText(say.waits(address))).toBeVisible();
    await expect(invite).toBeEnabled();
    await shot(page, `invite-by-address-wide-${language}`);
    await invite.click();
    await expect(page.getByText(say.sent)).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();

    // The same address again: invited already, said before Invite.
    await openDialog();
    await field.fill(address.toUpperCase());
    await expect(dialog.getByText(say.invited(address))).toBeVisible();
    await expect(invite).toBeDisabled();
    await shot(page, `invite-already-invited-wide-${language}`);

    // A person picked by name; they accept, then change their mind twice in quick succession.
    await field.fill(guest.user.name);
    await dialog
      .getByRole('list')
      .getByRole('button', { name: new RegExp(guest.user.name) })
      .click();
    await invite.click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });

    // On a phone the dialog fills the screen, opened from the attendees.
    await page.setViewportSize(narrow);
    await page.getByRole('button', { name: new RegExp(`^${say.attendees} · `) }).click();
    const attendees = page.getByRole('dialog', { name: say.attendees });
    await attendees.getByRole('button', { name: say.invitePeople }).click();
    const another = `another.${Date.now().toString(36)}@example.org`;
    await field.fill(another);
    await expect(dialog.getByText(say.waits(another))).toBeVisible();
    await shot(page, `invite-by-address-narrow-${language}`);
    await field.fill(address);
    await expect(dialog.getByText(say.invited(address))).toBeVisible();
    await expect(invite).toBeDisabled();
    await shot(page, `invite-already-invited-narrow-${language}`);
    await dialog.getByRole('button', { name: say.cancel }).click();
    await attendees.getByRole('button', { name: say.close }).click();
    await page.setViewportSize(wide);

    await acceptEventInvitation(guest.page, name);
    await answer(guest.page, eventId, 'notAttending');
    await answer(guest.page, eventId, 'attending');

    // The owner's feed has one card for the two changes, saying the answer.
    await page.goto('/activity');
    const cards = page.getByText(say.going(guest.user.name, name), { exact: true });
    await expect(cards).toHaveCount(1);
    await shot(page, `activity-answer-wide-${language}`);
    await page.setViewportSize(narrow);
    await expect(cards).toHaveCount(1);
    await shot(page, `activity-answer-narrow-${language}`);
    expect(owner.problems).toEqual([]);
  });
}
