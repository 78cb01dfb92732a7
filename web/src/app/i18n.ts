import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';
import ro from '../i18n/ro.json';

/** Languages the app is translated into; the first is the fallback. */
export const supportedLanguages = ['en', 'ro'] as const;
export type Language = (typeof supportedLanguages)[number];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** Starts i18next: language from the browser only, English as fallback, <html lang> kept in sync. */
export function setupI18n(): typeof i18n {
  i18n.on('languageChanged', () => {
    document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
  });
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, ro: { translation: ro } },
      fallbackLng: 'en',
      supportedLngs: supportedLanguages,
      load: 'languageOnly',
      detection: { order: ['navigator'], caches: [] },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  return i18n;
}
