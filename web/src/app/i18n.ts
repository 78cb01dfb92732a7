import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';

/** Languages the app is translated into; the first is the fallback. */
export const supportedLanguages = ['en', 'ro'] as const;
export type Language = (typeof supportedLanguages)[number];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/**
 * Translations other than the fallback, each loaded (its own chunk) only for people whose
 * browser asks for that language: English readers do not download Romanian (issue 12).
 */
const otherLanguages: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  ro: () => import('../i18n/ro.json'),
};

/**
 * Loads the translation of the language setupI18n detected, if it is not English, and switches
 * to it. main.tsx waits for it before the first render, so no English text flashes first.
 */
export async function loadDetectedLanguage(instance: typeof i18n = i18n): Promise<void> {
  // The browser's code may carry a region (ro-RO): its language part names the translation.
  const detected = instance.language?.split('-')[0]?.toLowerCase() as Language | undefined;
  if (!detected || detected === 'en' || !(detected in otherLanguages)) return;
  const { default: translation } = await otherLanguages[detected]();
  instance.addResourceBundle(detected, 'translation', translation);
  await instance.changeLanguage(detected);
}

/**
 * Starts i18next: language from the browser only, English as fallback, <html lang> kept in sync.
 * Only English is bundled; loadDetectedLanguage brings the detected one.
 */
export function setupI18n(): typeof i18n {
  i18n.on('languageChanged', () => {
    document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
  });
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      fallbackLng: 'en',
      supportedLngs: supportedLanguages,
      load: 'languageOnly',
      detection: { order: ['navigator'], caches: [] },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  return i18n;
}
