import { type Browser, expect, type Page, test } from './fixtures';
import { confirmAddress, newUser, watchForErrors } from './helpers.ts';
import { callApi, type Language, registerIn, storedAccount } from './profileHelpers.ts';

const texts = {
  en: {
    locale: 'en-US',
    aboutMe: 'About me',
    userDetails: 'User details',
    socialProfiles: 'Social profiles',
    chat: 'Chat',
    meet: 'Meet',
    notes: 'Notes',
    noteLabel: 'Your note',
    save: 'Save',
    noteSaved: 'Note saved.',
    notesTitle: 'Private notes',
    report: 'Report',
    reportTitle: (name: string) => `Report ${name}`,
    reason: 'Reason',
    submit: 'Submit',
    reasonRequired: 'Tell us why you are reporting this person.',
    reportThanks: /^Thank you.*the investigation usually takes 24 hours or less\.$/,
    reportDuplicate: 'You have already submitted a report for this user...',
    close: 'Close',
    nothingShared: 'This person has not shared any details yet.',
  },
  ro: {
    locale: 'ro-RO',
    aboutMe: 'Despre mine',
    userDetails: 'Detalii utilizator',
    socialProfiles: 'Profiluri sociale',
    chat: 'Mesaj',
    meet: 'Întâlnire',
    notes: 'Notițe',
    noteLabel: 'Notița ta',
    save: 'Salvează',
    noteSaved: 'Notița a fost salvată.',
    notesTitle: 'Notițe private',
    report: 'Raportează',
    reportTitle: (name: string) => `Raportare: ${name}`,
    reason: 'Motiv',
    submit: 'Trimite',
    reasonRequired: 'Spune-ne de ce raportezi această persoană.',
    reportThanks: /^Îți mulțumim pentru raport!.*cel mult 24 de ore\.$/,
    reportDuplicate: 'Ai trimis deja un raport pentru acest utilizator...',
    close: 'Închide',
    nothingShared: 'Această persoană nu a împărtășit încă niciun detaliu.',
  },
} as const;

/** A signed-in page of its own browser context, in the given language. */
async function signedInPage(browser: Browser, prefix: string, language: Language) {
  const context = await browser.newContext({ locale: texts[language].locale });
  const page = await context.newPage();
  const user = newUser(prefix);
  await registerIn(page, user, language);
  return { page, user, ...(await storedAccount(page)) };
}

/** Opens another user's profile dialog the way any screen does: ?person=<userId> on the current route. */
async function openProfileDialog(page: Page, userId: string) {
  await page.goto(`/calendars?person=${userId}`);
  return page.getByRole('dialog');
}

// One three-person journey (the server limits sign-ups per address, and the suite shares one):
// the viewer reads in English, the other person in Romanian.
test('another user sees only the allowed fields; notes stay with their author; reports answer 201 then 429', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const en = texts.en;
  const ro = texts.ro;
  const subject = await signedInPage(browser, 'subject', 'en');
  // Invited below by e-mail, which reaches an account once it confirmed the address.
  await confirmAddress(subject.page.request, subject.user.email);
  const viewer = await signedInPage(browser, 'viewer', 'en');
  const other = await signedInPage(browser, 'other', 'ro');
  const problems = await watchForErrors(viewer.page);
  const saved = await callApi(subject.page, 'PUT', `/api/accounts/${subject.userId}`, {
    name: 'Ioana Subject',
    description: 'Runs the book club.',
    contact: { phoneNumber: '+40 722 000 111', linkedIn: 'ioana-subject', facebook: 'ioana.subject' },
    privacy: { email: true, phoneNumber: false, linkedIn: true, facebook: false },
  });
  expect(saved.status).toBe(200);

  // From a real person card: a calendar's People tab (an invitee by e-mail is not registered).
  const created = await callApi(viewer.page, 'POST', '/api/calendar', { name: 'Book club' });
  const calendarId = (created.body as { calendarId: string }).calendarId;
  for (const [email, name] of [
    [subject.user.email, 'Ioana Subject'],
    [`nobody.${Date.now()}@example.com`, 'Nobody Yet'],
  ]) {
    expect((await callApi(viewer.page, 'POST', '/api/members', { calendarId, email, name })).status).toBe(
      200,
    );
  }
  await viewer.page.goto(`/calendars/${calendarId}/people`);
  await viewer.page.getByRole('button', { name: /^Nobody Yet/ }).click();
  await expect(viewer.page.getByText('This person is not registered as a Convene user.')).toBeVisible();
  await expect(viewer.page.getByRole('dialog')).toHaveCount(0);
  await viewer.page.getByRole('button', { name: /^Ioana Subject/ }).click();
  const fromCard = viewer.page.getByRole('dialog', { name: 'Ioana Subject' });
  await expect(fromCard.getByRole('region', { name: en.aboutMe })).toContainText('Runs the book club.');
  await fromCard.getByRole('button', { name: en.close }).click();
  await expect(fromCard).toBeHidden();
  await expect(viewer.page).toHaveURL(new RegExp(`/calendars/${calendarId}/people$`));

  // Never for oneself.
  await viewer.page.goto(`/calendars?person=${viewer.userId}`);
  await expect(viewer.page.getByRole('heading', { name: 'My Calendars' })).toBeVisible();
  await expect(viewer.page.getByRole('dialog')).toHaveCount(0);

  const dialog = await openProfileDialog(viewer.page, subject.userId);
  await expect(dialog.getByRole('heading', { name: 'Ioana Subject' })).toBeVisible();
  await expect(dialog).toHaveAccessibleName('Ioana Subject');
  await expect(dialog.getByRole('region', { name: en.aboutMe })).toContainText('Runs the book club.');
  const details = dialog.getByRole('region', { name: en.userDetails });
  await expect(details.getByRole('link', { name: subject.user.email })).toHaveAttribute(
    'href',
    `mailto:${subject.user.email}`,
  );
  await expect(dialog.getByText('+40 722 000 111')).toHaveCount(0);
  const social = dialog.getByRole('region', { name: en.socialProfiles });
  const linkedIn = social.getByRole('link', { name: /linkedin\.com\/in\/ioana-subject/ });
  await expect(linkedIn).toHaveAttribute('target', '_blank');
  await expect(linkedIn).toHaveAttribute('rel', /noopener/);
  await expect(social.getByRole('link', { name: /facebook/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: en.chat })).toBeEnabled();

  // Private notes: saved, still there after a reload.
  await dialog.getByRole('button', { name: en.notes }).click();
  await dialog.getByRole('textbox', { name: en.noteLabel }).fill('Met at the spring fair.\nLikes chess.');
  await dialog.getByRole('button', { name: en.save }).click();
  await expect(viewer.page.getByText(en.noteSaved)).toBeVisible();
  await viewer.page.reload();
  await expect(dialog.getByRole('region', { name: en.notesTitle })).toContainText('Met at the spring fair.');

  // Report: the reason is required; 201 thanks; a second report answers 429.
  await dialog.getByRole('button', { name: en.report }).click();
  const report = viewer.page.getByRole('dialog', { name: en.reportTitle('Ioana Subject') });
  await report.getByRole('button', { name: en.submit }).click();
  await expect(report.getByText(en.reasonRequired)).toBeVisible();
  await report.getByRole('textbox', { name: en.reason }).fill('  Sends spam invitations.  ');
  await report.getByRole('button', { name: en.submit }).click();
  await expect(viewer.page.getByText(en.reportThanks)).toBeVisible();
  await expect(report).toBeHidden();
  await dialog.getByRole('button', { name: en.report }).click();
  await report.getByRole('textbox', { name: en.reason }).fill('Again.');
  await report.getByRole('button', { name: en.submit }).click();
  await expect(viewer.page.getByText(en.reportDuplicate)).toBeVisible();
  await expect(report).toBeHidden();

  // Close goes back to the screen it was opened over; Meet opens the event form with the user.
  await dialog.getByRole('button', { name: en.close }).click();
  await expect(viewer.page.getByRole('dialog')).toHaveCount(0);
  await expect(viewer.page).toHaveURL(/\/calendars$/);
  await openProfileDialog(viewer.page, subject.userId);
  await dialog.getByRole('button', { name: en.meet }).click();
  await expect(viewer.page).toHaveURL(/\/event\/create$/);
  const state = await viewer.page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
  expect(state).toEqual({ meetUser: { userId: subject.userId, name: 'Ioana Subject' } });
  // The browser logs the expected 429 of the second report; anything else is a defect.
  expect(problems.filter((problem) => !problem.includes('status of 429'))).toEqual([]);

  // Someone else, in Romanian: the same allowed fields, none of the viewer's note.
  const otherDialog = await openProfileDialog(other.page, subject.userId);
  await expect(otherDialog.getByRole('heading', { name: 'Ioana Subject' })).toBeVisible();
  await expect(otherDialog.getByRole('region', { name: ro.aboutMe })).toContainText('Runs the book club.');
  await expect(otherDialog.getByRole('region', { name: ro.userDetails })).toContainText(subject.user.email);
  await expect(otherDialog.getByRole('region', { name: ro.socialProfiles })).toContainText('ioana-subject');
  await expect(otherDialog.getByText('+40 722 000 111')).toHaveCount(0);
  await expect(otherDialog.getByRole('region', { name: ro.notesTitle })).toHaveCount(0);
  await expect(otherDialog.getByText('spring fair')).toHaveCount(0);
  await expect(otherDialog.getByRole('button', { name: ro.chat })).toBeVisible();
  await otherDialog.getByRole('button', { name: ro.report }).click();
  const reportRo = other.page.getByRole('dialog', { name: ro.reportTitle('Ioana Subject') });
  await reportRo.getByRole('button', { name: ro.submit }).click();
  await expect(reportRo.getByText(ro.reasonRequired)).toBeVisible();
  await reportRo.getByRole('textbox', { name: ro.reason }).fill('Mesaje nedorite.');
  await reportRo.getByRole('button', { name: ro.submit }).click();
  await expect(other.page.getByText(ro.reportThanks)).toBeVisible();
  await expect(reportRo).toBeHidden();
  await otherDialog.getByRole('button', { name: ro.report }).click();
  await reportRo.getByRole('textbox', { name: ro.reason }).fill('Din nou.');
  await reportRo.getByRole('button', { name: ro.submit }).click();
  await expect(other.page.getByText(ro.reportDuplicate)).toBeVisible();
  await expect(reportRo).toBeHidden();
  await otherDialog.getByRole('button', { name: ro.close }).click();
  await expect(other.page.getByRole('dialog')).toHaveCount(0);

  // The subject sees nothing of the note either: their view of the viewer carries none.
  const subjectView = await openProfileDialog(subject.page, viewer.userId);
  await expect(subjectView.getByText(en.nothingShared)).toBeVisible();
  await expect(subjectView.getByText('spring fair')).toHaveCount(0);
  const unknown = await openProfileDialog(subject.page, '0'.repeat(32));
  await expect(unknown.getByText('This profile is not available.')).toBeVisible();
  for (const person of [subject, viewer, other]) await person.page.context().close();
});
