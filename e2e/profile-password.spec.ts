import { expect, test } from './fixtures';
import { newUser, watchForErrors } from './helpers.ts';
import { confirmEmail, type Language, loginIn, registerIn } from './profileHelpers.ts';

const texts = {
  en: {
    locale: 'en-US',
    change: 'Change password',
    needsVerification: 'Confirm your e-mail address first',
    notVerified: 'Your e-mail address is not verified yet.',
    resend: 'Resend confirmation',
    resent: 'We sent you a new confirmation e-mail. Check your inbox!',
    current: 'Current password',
    new: 'New password',
    confirmed: 'Confirm the new password',
    required: 'This field is required.',
    tooShort: 'The password needs at least 6 characters.',
    mismatch: 'The passwords do not match.',
    invalidCurrent: 'The current password is not right.',
    serverError: 'The server could not change your password. Please try again later.',
    somethingWrong: 'Something went wrong. Please try again.',
    changed: 'Your password has been changed.',
    cancel: 'Cancel',
    logout: 'Log out',
  },
  ro: {
    locale: 'ro-RO',
    change: 'Schimbă parola',
    needsVerification: 'Confirmă-ți mai întâi adresa de e-mail',
    notVerified: 'Adresa ta de e-mail nu este încă verificată.',
    resend: 'Retrimite confirmarea',
    resent: 'Ți-am trimis un nou e-mail de confirmare. Verifică-ți căsuța de e-mail!',
    current: 'Parola actuală',
    new: 'Parola nouă',
    confirmed: 'Confirmă parola nouă',
    required: 'Acest câmp este obligatoriu.',
    tooShort: 'Parola trebuie să aibă cel puțin 6 caractere.',
    mismatch: 'Parolele nu coincid.',
    invalidCurrent: 'Parola actuală nu este corectă.',
    serverError: 'Serverul nu a putut schimba parola. Încearcă din nou mai târziu.',
    somethingWrong: 'Ceva nu a mers bine. Încearcă din nou.',
    changed: 'Parola ta a fost schimbată.',
    cancel: 'Anulează',
    logout: 'Deconectare',
  },
} as const;

for (const language of ['en', 'ro'] as const satisfies Language[]) {
  const text = texts[language];

  test.describe(`change password (${language})`, () => {
    test.use({ locale: text.locale });

    test('only after verifying the e-mail; each answer is said where the spec puts it', async ({ page }) => {
      const problems = await watchForErrors(page);
      const user = newUser(`password${language}`);
      await registerIn(page, user, language);

      await page.goto('/profile/edit');
      await expect(page.getByRole('button', { name: text.change })).toBeDisabled();
      await expect(page.getByText(text.needsVerification)).toBeVisible();
      await page.getByRole('button', { name: text.resend }).click();
      await expect(page.getByText(text.resent)).toBeVisible();

      await confirmEmail(page, user.email, { mails: 2 });
      await page.goto('/profile/edit');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(text.notVerified)).toHaveCount(0);
      await page.getByRole('button', { name: text.change }).click();
      const dialog = page.getByRole('dialog', { name: text.change });
      const current = dialog.getByLabel(text.current, { exact: true });
      const fresh = dialog.getByLabel(text.new, { exact: true });
      const confirmed = dialog.getByLabel(text.confirmed, { exact: true });
      const submit = dialog.getByRole('button', { name: text.change });

      await submit.click();
      await expect(dialog.getByText(text.required)).toHaveCount(3);
      await current.fill(user.password);
      await fresh.fill('abc');
      await confirmed.fill('abd');
      await submit.click();
      await expect(dialog.getByText(text.tooShort)).toHaveCount(2);
      await fresh.fill('new-secret-2');
      await confirmed.fill('new-secret-3');
      await submit.click();
      await expect(dialog.getByText(text.mismatch)).toBeVisible();

      await confirmed.fill('new-secret-2');
      await current.fill('not-my-password');
      await submit.click();
      await expect(current).toHaveAccessibleDescription(text.invalidCurrent);

      // A server failure goes on the confirmed field; any other answer is a notice.
      await page.route('**/api/account/changepassword', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
      );
      await current.fill(user.password);
      await submit.click();
      await expect(confirmed).toHaveAccessibleDescription(text.serverError);
      await page.unroute('**/api/account/changepassword');
      await page.route('**/api/account/changepassword', (route) =>
        route.fulfill({ status: 403, contentType: 'application/json', body: '{}' }),
      );
      await submit.click();
      await expect(page.getByText(text.somethingWrong)).toBeVisible();
      await page.unroute('**/api/account/changepassword');

      await submit.click();
      await expect(page.getByText(text.changed)).toBeVisible();
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: text.change }).click();
      await expect(current).toHaveValue('');
      await expect(fresh).toHaveValue('');
      await dialog.getByRole('button', { name: text.cancel }).click();

      await page.getByRole('button', { name: text.logout }).click();
      await expect(page).toHaveURL(/\/login$/);
      await loginIn(page, user.email, 'new-secret-2', language);
      expect(problems.filter((problem) => !/status of (400|403|503)/.test(problem))).toEqual([]);
    });
  });
}
