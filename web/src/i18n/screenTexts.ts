import i18n from 'i18next';

let loading: Promise<void> | null = null;

/**
 * Loads the English texts of the signed-in screens other than the start page (enScreens.ts, a
 * chunk of its own) into i18next, once (again after a failed download). Those screens' code waits for it (lazySignedInScreen), so
 * the calendars list, where a signed-in visit starts, does not download them (issue 12).
 */
export function loadScreenTexts(): Promise<void> {
  // A failed download is forgotten, so the next screen asks again instead of failing for good.
  loading ??= import('./enScreens.ts')
    .then(({ addScreenTexts }) => addScreenTexts(i18n))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
