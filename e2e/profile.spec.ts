import { expect, test } from './fixtures';
import { newUser, watchForErrors } from './helpers.ts';
import { describeImage, type Language, registerIn, sidewaysPhoto } from './profileHelpers.ts';

const texts = {
  en: {
    locale: 'en-US',
    profileIncomplete: /Profile incomplete/,
    profileLink: /^Profile/,
    incompleteNote: 'Your profile is incomplete.',
    editProfile: 'Edit profile',
    name: 'Name',
    aboutMe: 'About me',
    phone: 'Phone',
    linkedIn: 'LinkedIn',
    facebook: 'Facebook',
    showPhone: 'Show my phone number',
    showLinkedIn: 'Show my LinkedIn profile',
    addPhoto: 'Add photo',
    cropTitle: 'Crop your profile photo',
    zoom: 'Zoom',
    useCrop: 'Use this crop',
    save: 'Save',
    saved: 'Your profile is saved.',
    visible: 'Visible to others',
    onlyYou: 'Only you',
    nameTooShort: 'The name needs at least 3 characters.',
    nameInvalid: 'The name can contain only letters',
    phoneInvalid: 'Enter a valid phone number',
    linkedInInvalid: 'Enter a LinkedIn profile link or username.',
    descriptionTooLong: 'The description can have at most 300 characters.',
    typeInvalid: 'Only PNG or JPEG images can be uploaded.',
    cancel: 'Cancel',
    discard: 'Discard your changes?',
    yes: 'Yes',
    no: 'No',
  },
  ro: {
    locale: 'ro-RO',
    profileIncomplete: /Profil incomplet/,
    profileLink: /^Profil/,
    incompleteNote: 'Profilul tău este incomplet.',
    editProfile: 'Editează profilul',
    name: 'Nume',
    aboutMe: 'Despre mine',
    phone: 'Telefon',
    linkedIn: 'Profil LinkedIn',
    facebook: 'Profil Facebook',
    showPhone: 'Arată numărul meu de telefon',
    showLinkedIn: 'Arată profilul meu LinkedIn',
    addPhoto: 'Adaugă o fotografie',
    cropTitle: 'Decupează fotografia de profil',
    zoom: 'Mărire',
    useCrop: 'Folosește decuparea',
    save: 'Salvează',
    saved: 'Profilul tău a fost salvat.',
    visible: 'Vizibil pentru ceilalți',
    onlyYou: 'Doar tu',
    nameTooShort: 'Numele trebuie să aibă cel puțin 3 caractere.',
    nameInvalid: 'Numele poate conține doar litere',
    phoneInvalid: 'Introdu un număr de telefon valid',
    linkedInInvalid: 'Introdu un link către un profil LinkedIn sau un nume de utilizator.',
    descriptionTooLong: 'Descrierea poate avea cel mult 300 de caractere.',
    typeInvalid: 'Se pot încărca doar imagini PNG sau JPEG.',
    cancel: 'Anulează',
    discard: 'Renunți la modificări?',
    yes: 'Da',
    no: 'Nu',
  },
} as const;

for (const language of ['en', 'ro'] as const satisfies Language[]) {
  const text = texts[language];

  test.describe(`profile (${language})`, () => {
    test.use({ locale: text.locale });

    // One journey per language: the server limits sign-ups per address, and the suite shares one.
    test('validate, crop a photo, save; the profile shows it after a reload and the dot goes', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const problems = await watchForErrors(page);
      const user = newUser(`profile${language}`);
      await registerIn(page, user, language);
      const navigation = page.getByRole('navigation').first();
      await expect(navigation.getByRole('link', { name: text.profileIncomplete })).toBeVisible();

      await navigation.getByRole('link', { name: text.profileLink }).click();
      await expect(page.getByText(text.incompleteNote)).toBeVisible();
      await page.getByRole('link', { name: text.editProfile }).first().click();
      await expect(page).toHaveURL(/\/profile\/edit$/);

      // Every field says what is wrong with it, in the contract's words.
      const name = page.getByRole('textbox', { name: text.name }).first();
      const aboutMe = page.getByRole('textbox', { name: text.aboutMe });
      const phone = page.getByRole('textbox', { name: text.phone });
      const linkedInField = page.getByRole('textbox', { name: text.linkedIn });
      await name.fill('Al');
      await phone.fill('12');
      await linkedInField.fill('https://evil.example/in/x');
      await aboutMe.fill('x'.repeat(301));
      await page.getByRole('button', { name: text.save, exact: true }).first().click();
      await expect(page.getByText(text.nameTooShort)).toBeVisible();
      await expect(page.getByText(text.phoneInvalid)).toBeVisible();
      await expect(page.getByText(text.linkedInInvalid)).toBeVisible();
      await expect(page.getByText(text.descriptionTooLong)).toBeVisible();
      await expect(page).toHaveURL(/\/profile\/edit$/);
      await name.fill('Ana <b>');
      await expect(page.getByText(text.nameInvalid)).toBeVisible();

      // A page renamed .png is refused before any cropping.
      const fileInput = page.locator('input[type="file"]');
      await fileInput.setInputFiles({
        name: 'page.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
      });
      const cropper = page.getByRole('dialog', { name: text.cropTitle });
      await expect(cropper.getByRole('alert')).toHaveText(text.typeInvalid);
      await expect(cropper.getByRole('button', { name: text.useCrop })).toHaveCount(0);
      await cropper.getByRole('button', { name: text.cancel }).click();
      await expect(cropper).toBeHidden();

      // Leaving with changes asks first.
      await page.getByRole('button', { name: text.cancel, exact: true }).first().click();
      const prompt = page.getByRole('dialog', { name: text.discard });
      await prompt.getByRole('button', { name: text.no }).click();
      await expect(prompt).toBeHidden();
      await expect(page).toHaveURL(/\/profile\/edit$/);
      // So does the browser's back button: staying keeps the form, with its changes, where it was.
      await page.goBack();
      await prompt.getByRole('button', { name: text.no }).click();
      await expect(prompt).toBeHidden();
      await expect(page).toHaveURL(/\/profile\/edit$/);
      await expect(name).toHaveValue('Ana <b>');

      await name.fill('Ana-Maria Ștefănescu');
      await aboutMe.fill('Organiser of the Thursday\nclimbing group.');
      await phone.fill('+40 721 123 456');
      await linkedInField.fill('ana-maria-stefanescu');
      await page.getByRole('textbox', { name: text.facebook }).fill('facebook.com/ana.stefanescu');
      await page.getByRole('switch', { name: text.showPhone }).check();
      await page.getByRole('switch', { name: text.showLinkedIn }).check();

      await fileInput.setInputFiles({
        name: 'sideways.jpg',
        mimeType: 'image/jpeg',
        buffer: await sidewaysPhoto(),
      });
      await expect(cropper).toBeVisible();
      // The spec's default crop covers 50 %: zoom 2.
      await expect(cropper.getByRole('slider', { name: text.zoom })).toHaveAttribute('aria-valuenow', '2');
      await cropper.getByRole('button', { name: text.useCrop }).click();
      await expect(cropper).toBeHidden();

      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PUT' && /\/api\/accounts\/\w+$/.test(response.url()),
      );
      await page.getByRole('button', { name: text.save, exact: true }).first().click();
      expect((await saved).status()).toBe(200);
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(navigation.getByRole('link', { name: text.profileIncomplete })).toHaveCount(0);
      await expect(page.getByText(text.incompleteNote)).toHaveCount(0);

      await page.reload();
      await expect(page.getByText('Ana-Maria Ștefănescu')).toBeVisible();
      await expect(page.getByText('climbing group.')).toBeVisible();
      await expect(page.getByRole('link', { name: '+40 721 123 456' })).toHaveAttribute(
        'href',
        'tel:+40721123456',
      );
      const linkedIn = page.getByRole('link', { name: /linkedin\.com\/in\/ana-maria-stefanescu/ });
      await expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/in/ana-maria-stefanescu');
      await expect(linkedIn).toHaveAttribute('target', '_blank');
      await expect(linkedIn).toHaveAttribute('rel', /noopener/);
      await expect(page.getByRole('link', { name: /facebook\.com\/ana\.stefanescu/ })).toBeVisible();
      // Phone and LinkedIn were switched on; e-mail and Facebook stay private (the defaults).
      await expect(page.getByText(text.visible, { exact: true })).toHaveCount(2);
      await expect(page.getByText(text.onlyYou, { exact: true })).toHaveCount(2);
      await expect(navigation.getByRole('link', { name: text.profileIncomplete })).toHaveCount(0);

      const avatar = page.locator('main img[src^="/media/photos/profile/"]');
      await expect(avatar).toBeVisible();
      const photo = await page.request.get((await avatar.getAttribute('src')) ?? '');
      expect(photo.headers()['content-type']).toBe('image/jpeg');
      const stored = await describeImage(await photo.body());
      // Upright the photo is 300x600, so the default crop is the 150x150 middle: red above, blue below.
      expect(stored.width).toBe(stored.height);
      expect(stored.width).toBeLessThanOrEqual(675);
      expect(stored.top.r).toBeGreaterThan(150);
      expect(stored.top.b).toBeLessThan(100);
      expect(stored.bottom.b).toBeGreaterThan(150);
      expect(stored.bottom.r).toBeLessThan(100);

      // Discarding an edit leaves the saved profile as it was.
      await page.getByRole('link', { name: text.editProfile }).first().click();
      await name.fill('Someone Else');
      await page.getByRole('button', { name: text.cancel, exact: true }).first().click();
      await page.getByRole('dialog', { name: text.discard }).getByRole('button', { name: text.yes }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByText('Ana-Maria Ștefănescu')).toBeVisible();
      expect(problems).toEqual([]);
    });
  });
}
