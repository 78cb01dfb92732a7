import i18n from 'i18next';
// A second import path of en.json (enSignedIn.d.ts types it): a module of its own, so the build
// keeps in it only the keys named here, apart from the first page's (i18n.ts).
import { calendar } from '../i18n/en.json?signedIn';

/**
 * The English texts of the calendars list (where a signed-in visit starts; the shell needs none), which
 * the first page does without (issue 12). The shell imports this module, so they are in place
 * before it draws; the other signed-in screens bring theirs (i18n/screenTexts.ts). Every
 * top-level key of en.json is in exactly one of firstPageTexts (i18n.ts), these and screenTexts
 * (i18n/enScreens.ts): i18nParts.test.ts checks it.
 */
export const signedInTexts = { calendar };

/** Adds the signed-in screens' English texts to `instance` (deep, keeping what is there). */
export function addSignedInTexts(instance: typeof i18n = i18n): void {
  instance.addResourceBundle('en', 'translation', signedInTexts, true, false);
}

// The shell loads after setupI18n has run; should this module ever come first, it waits for it.
if (i18n.isInitialized) addSignedInTexts();
else i18n.on('initialized', () => addSignedInTexts());
