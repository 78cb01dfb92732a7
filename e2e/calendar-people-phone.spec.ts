import { scanForViolations } from './axeScan.ts';
import {
  acceptCalendarInvitation,
  createCalendar,
  invite,
  openLive,
  openPerson,
  peopleOf,
  unique,
} from './calendarPeopleHelpers.ts';
import { shot } from './calendarsHelpers.ts';
import { expect, test } from './fixtures';

test.describe('calendar people, phone, in Romanian', () => {
  test.setTimeout(300_000);
  const phone = { locale: 'ro-RO', viewport: { width: 390, height: 844 } };

  test('the actions open in a bottom sheet; an offer is declined from Requests; a member is removed; another leaves', async ({
    browser,
    request,
  }) => {
    const owner = await openPerson(browser, request, 'owner', phone);
    const dan = await openPerson(browser, request, 'dan', phone);
    const eva = await openPerson(browser, request, 'eva', phone);
    const name = `Cor ${unique()}`;
    const calendarId = await createCalendar(request, owner.user, name);
    for (const person of [dan, eva]) {
      await invite(request, owner.user, calendarId, { userId: person.user.userId });
      await acceptCalendarInvitation(request, person.user, name);
    }
    await eva.page.context().close();

    const page = owner.page;
    await openLive(page, `/calendars/${calendarId}/people`);
    const people = peopleOf(page, `Persoanele din ${name}`);
    await expect(people.rows).toHaveCount(3);

    // The sheet: a dialog named after the person, starting on its first action; Escape gives focus back.
    const danActions = page.getByRole('button', { name: 'Acțiuni pentru Test dan' });
    await danActions.click();
    const sheet = page.getByRole('dialog', { name: 'Test dan' });
    await expect(sheet.getByRole('button')).toHaveText([
      'Schimbă rolul',
      'Oferă calitatea de proprietar',
      'Scoate din calendar',
      'Anulează',
    ]);
    await expect(sheet.getByRole('button', { name: 'Schimbă rolul' })).toBeFocused();
    expect(await scanForViolations(page)).toEqual([]);
    await shot(page, 'people-sheet-narrow-ro');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(danActions).toBeFocused();

    // Offer ownership from the sheet, by keyboard.
    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await sheet.getByRole('button', { name: 'Oferă calitatea de proprietar' }).press('Enter');
    const offerDialog = page.getByRole('dialog', {
      name: 'Sigur vrei să îi oferi calitatea de proprietar al acestui calendar persoanei Test dan?',
    });
    await expect(offerDialog).toContainText('Tu rămâi în calendar ca administrator.');
    expect(await scanForViolations(page)).toEqual([]);
    await shot(page, 'people-offer-confirm-narrow-ro');
    await offerDialog.getByRole('button', { name: 'Da' }).click();
    await expect(
      page.getByText('Calitatea de proprietar i-a fost oferită persoanei Test dan.'),
    ).toBeVisible();
    await expect(people.row('Test dan')).toContainText('Propus ca proprietar');
    await shot(page, 'people-offered-chip-narrow-ro');

    // Dan declines in Activity → Requests; the owner is told and the row no longer says so.
    await dan.page.goto('/activity/requests');
    const offer = dan.page
      .getByRole('listitem')
      .filter({ hasText: `Test owner vrea să te facă proprietarul calendarului ${name}` });
    await expect(offer).toHaveCount(1);
    await shot(dan.page, 'ownership-request-narrow-ro');
    await offer.getByRole('button', { name: 'Refuză' }).click();
    await expect(offer.getByRole('status')).toHaveText('Refuzată');
    await expect(people.row('Test dan')).not.toContainText('Propus ca proprietar');
    await expect(people.row('Test owner')).toContainText('Proprietarul calendarului');

    // Remove Eva from the sheet: asked first, in the spec's words.
    await page.getByRole('button', { name: 'Acțiuni pentru Test eva' }).click();
    await page
      .getByRole('dialog', { name: 'Test eva' })
      .getByRole('button', { name: 'Scoate din calendar' })
      .click();
    const removeDialog = page.getByRole('dialog', {
      name: 'Sigur vrei să scoți persoana Test eva din acest calendar?',
    });
    await expect(removeDialog.getByRole('button', { name: 'Nu' })).toBeFocused();
    await shot(page, 'people-remove-confirm-narrow-ro');
    await removeDialog.getByRole('button', { name: 'Da' }).click();
    await expect(page.getByText('Test eva a fost scos din acest calendar.')).toBeVisible();
    await expect(people.rows).toHaveCount(2);

    // Dan leaves from the calendar's header; the owner's People list follows.
    await openLive(dan.page, `/calendars/${calendarId}/events`);
    await dan.page.getByRole('button', { name: 'Mai multe acțiuni' }).click();
    await dan.page.getByRole('menuitem', { name: 'Părăsește calendarul' }).click();
    const leaveDialog = dan.page.getByRole('dialog', { name: 'Sigur vrei să părăsești acest calendar?' });
    expect(await scanForViolations(dan.page)).toEqual([]);
    await shot(dan.page, 'leave-confirm-narrow-ro');
    await leaveDialog.getByRole('button', { name: 'Da' }).click();
    await expect(dan.page.getByText(`Ai părăsit calendarul ${name}.`)).toBeVisible();
    await expect(dan.page).toHaveURL(/\/calendars$/);
    await expect(dan.page.getByRole('list', { name: 'Calendare' }).getByRole('listitem')).toHaveCount(1);
    await expect(people.rows).toHaveCount(1);

    await page.goto('/activity');
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: `Test dan a refuzat să devină proprietarul calendarului ${name}` }),
    ).toHaveCount(1);
    await shot(page, 'ownership-rejected-narrow-ro');
    for (const person of [owner, dan]) expect(person.problems).toEqual([]);
  });
});
