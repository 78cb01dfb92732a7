/**
 * The event form (create and edit), the calendar form and the group info editor do not lose work:
 * Back, a link elsewhere and a reload ask first, as the profile form does; untouched, they leave
 * without asking; saved, they leave without asking.
 */
import { shot } from './calendarsHelpers.ts';
import { createEventThroughApi, eventPagePath } from './eventDetailsHelpers.ts';
import { type Browser, expect, type Locator, type Page, test } from './fixtures';
import { type ApiUser, registerByApi, watchForErrors } from './helpers.ts';

const narrow = { width: 390, height: 844 };
const wide = { width: 1280, height: 800 };

const texts = {
  en: { discard: 'Discard your changes?', yes: 'Yes', no: 'No', activity: 'Activity', cancel: 'Cancel' },
  ro: { discard: 'Renunți la modificări?', yes: 'Da', no: 'Nu', activity: 'Activitate', cancel: 'Anulează' },
};
type Language = keyof typeof texts;

/** The app signed in as a user made through the API, in a browser of the given language and width. */
async function openAs(
  browser: Browser,
  user: ApiUser,
  path: string,
  options: { language?: Language; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    locale: options.language === 'ro' ? 'ro-RO' : 'en-US',
    viewport: options.viewport ?? wide,
  });
  const page = await context.newPage();
  const problems = await watchForErrors(page);
  await page.addLocatorHandler(page.getByRole('button', { name: /^(Not now|Nu acum)$/ }), (button) =>
    button.click(),
  );
  await page.goto('/login');
  await page.evaluate(
    (stored) => localStorage.setItem('convene.account', JSON.stringify(stored)),
    user.stored,
  );
  await page.goto(path);
  return { page, problems };
}

/** The main navigation's link to the activity feed (the side bar, or the bottom bar on a phone). */
function activityLink(page: Page, language: Language): Locator {
  return page.getByRole('navigation').getByRole('link', { name: texts[language].activity }).first();
}

/** Reloading asks the browser's own question; dismissed, the page stays as it was. */
async function expectReloadAsked(page: Page): Promise<void> {
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  await page.evaluate(() => {
    setTimeout(() => window.location.reload(), 0);
  });
  expect(await asked).toBe('beforeunload');
}

/**
 * With `field` changed to `value` on the form at `formUrl`: Back, the activity link and a reload
 * each ask first, and No keeps the form with the change; the last answer is Yes to Back, which
 * leaves. `name` names the screenshots of the question.
 */
async function expectChangesKept(
  page: Page,
  options: { field: Locator; value: string; formUrl: RegExp; language: Language; name: string },
): Promise<void> {
  const { field, value, formUrl, language } = options;
  const text = texts[language];
  const prompt = page.getByRole('dialog', { name: text.discard });

  await page.goBack();
  await expect(prompt).toBeVisible();
  await shot(
    page,
    `${options.name}-discard-${language}-${page.viewportSize()?.width === 390 ? 'narrow' : 'wide'}`,
  );
  await prompt.getByRole('button', { name: text.no }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(formUrl);
  await expect(field).toHaveValue(value);

  await activityLink(page, language).click();
  await prompt.getByRole('button', { name: text.no }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(formUrl);
  await expect(field).toHaveValue(value);

  await expectReloadAsked(page);
  await expect(page).toHaveURL(formUrl);
  await expect(field).toHaveValue(value);

  await page.goBack();
  await prompt.getByRole('button', { name: text.yes }).click();
  await expect(page).not.toHaveURL(formUrl);
  await expect(prompt).toBeHidden();
}

test.describe('forms ask before unsaved changes are lost', () => {
  let owner: ApiUser;
  let guest: ApiUser;
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    owner = await registerByApi(request, 'unsaved');
    guest = await registerByApi(request, 'unsavedguest');
    await request.dispose();
  });

  for (const [language, viewport] of [
    ['en', wide],
    ['ro', narrow],
  ] as const) {
    test(`the event form, creating (${language}, ${viewport.width}px)`, async ({ browser }) => {
      test.setTimeout(240_000);
      const { page, problems } = await openAs(browser, owner, '/events', { language, viewport });
      const create = page.getByRole('link', {
        name: language === 'en' ? 'Create event' : 'Creează un eveniment',
      });
      const nameField = page.getByRole('textbox', { name: language === 'en' ? 'Name' : 'Nume', exact: true });

      // Untouched, Cancel leaves without asking.
      await create.click();
      await expect(page).toHaveURL(/\/event\/create$/);
      await expect(nameField).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: texts[language].cancel }).first().click();
      await expect(page).toHaveURL(/\/events$/);

      await create.click();
      await nameField.click();
      await nameField.fill('Picnic by the lake');
      await expectChangesKept(page, {
        field: nameField,
        value: 'Picnic by the lake',
        formUrl: /\/event\/create$/,
        language,
        name: 'event-form-create',
      });
      await expect(page).toHaveURL(/\/events$/);
      expect(problems).toEqual([]);
    });

    test(`the event form, editing (${language}, ${viewport.width}px)`, async ({ browser }) => {
      test.setTimeout(240_000);
      const { page, problems } = await openAs(browser, owner, '/events', { language, viewport });
      const name = `Unsaved ${language} ${Date.now()}`;
      const eventId = await createEventThroughApi(page, { name });
      const nameField = page.getByRole('textbox', { name: language === 'en' ? 'Name' : 'Nume', exact: true });
      const edit = page.getByRole('link', { name: language === 'en' ? 'Edit' : 'Editează', exact: true });
      await page.goto(eventPagePath(name, eventId));
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });

      // Untouched, Back leaves without asking.
      await edit.click();
      await expect(nameField).toHaveValue(name, { timeout: 30_000 });
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

      await edit.click();
      await nameField.click();
      await nameField.fill(`${name} (moved)`);
      await expectChangesKept(page, {
        field: nameField,
        value: `${name} (moved)`,
        formUrl: /\/event\/edit\//,
        language,
        name: 'event-form-edit',
      });

      // Saved, it leaves without asking.
      await edit.click();
      await nameField.fill(`${name} (saved)`);
      await page
        .getByRole('button', { name: language === 'en' ? 'Save' : 'Salvează' })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: `${name} (saved)` })).toBeVisible();
      await expect(page).not.toHaveURL(/\/event\/edit\//);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(problems).toEqual([]);
    });
  }

  for (const [language, viewport] of [
    ['en', wide],
    ['en', narrow],
    ['ro', wide],
    ['ro', narrow],
  ] as const) {
    test(`the calendar form (${language}, ${viewport.width}px)`, async ({ browser }) => {
      test.setTimeout(240_000);
      const { page, problems } = await openAs(browser, owner, '/calendars', { language, viewport });
      const create = page.getByRole('link', {
        name: language === 'en' ? 'Create calendar' : 'Creează un calendar',
      });
      const title = page.getByRole('textbox', { name: language === 'en' ? 'Title' : 'Titlu' });

      // Untouched, Back leaves without asking.
      await create.click();
      await expect(title).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/calendars$/);

      await create.click();
      await title.click();
      await title.fill('Book club');
      await expectChangesKept(page, {
        field: title,
        value: 'Book club',
        formUrl: /\/calendar\/create$/,
        language,
        name: 'calendar-form',
      });
      await expect(page).toHaveURL(/\/calendars$/);

      // Saved, it leaves without asking.
      await create.click();
      await title.fill(`Saved ${Date.now()}`);
      await page
        .getByRole('button', { name: language === 'en' ? 'Create' : 'Creează' })
        .first()
        .click();
      await expect(page).toHaveURL(/\/calendars\/[0-9a-f]{32}/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(problems).toEqual([]);
    });
  }

  for (const [language, viewport] of [
    ['en', wide],
    ['ro', narrow],
  ] as const) {
    test(`the group info editor (${language}, ${viewport.width}px)`, async ({ browser, request }) => {
      test.setTimeout(240_000);
      const created = await request.post('/api/conversations', {
        headers: { loginToken: owner.loginToken },
        data: { type: 'group', name: `Trip ${language} ${viewport.width}`, users: [guest.userId] },
      });
      expect(created.status(), await created.text()).toBe(200);
      const { conversationId } = (await created.json()) as { conversationId: string };
      const { page, problems } = await openAs(browser, owner, `/chat/conversation/${conversationId}`, {
        language,
        viewport,
      });
      const en = language === 'en';
      const info = page.getByRole('link', { name: en ? 'Group info' : 'Informații despre grup' });
      const edit = page.getByRole('button', {
        name: en ? 'Edit group information' : 'Modifică informațiile grupului',
      });
      const groupName = page.getByLabel(en ? 'Group name' : 'Numele grupului');

      // Editing without a change leaves without asking.
      await info.click();
      await edit.click();
      await expect(groupName).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/chat/conversation/${conversationId}$`));

      await info.click();
      await edit.click();
      await groupName.click();
      await groupName.fill('Trip to the sea');
      await expectChangesKept(page, {
        field: groupName,
        value: 'Trip to the sea',
        formUrl: /\/details$/,
        language,
        name: 'group-info',
      });
      await expect(page).toHaveURL(new RegExp(`/chat/conversation/${conversationId}$`));
      expect(problems).toEqual([]);
    });
  }
});
