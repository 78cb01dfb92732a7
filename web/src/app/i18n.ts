import i18n, { type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../i18n/en.json';
import {
  app,
  auth,
  comingSoon,
  common,
  errors,
  legal,
  navigator as navigatorTexts,
  notFound,
  pages,
  push,
} from '../i18n/en.json';

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
 * The browser's languages, most wanted first, for i18next to pick the best supported one (what
 * i18next-browser-languagedetector does with only its navigator lookup and no cache, in a few
 * lines instead of a library on the first page: issue 12).
 */
export const browserLanguageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    const languages = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [])];
    if (typeof navigator !== 'undefined' && navigator.language) languages.push(navigator.language);
    return languages.length > 0 ? languages : undefined;
  },
  cacheUserLanguage: () => undefined,
};

/**
 * The English texts the first page can show: the sign-in screens, the legal pages, the 404 page
 * and what the app draws around any screen. The signed-in screens' texts load with the shell
 * (i18nSignedIn.ts), so the sign-in page does not download them (issue 12). Bundled this way
 * (named imports of en.json's top-level keys), the build keeps only these in the first chunk.
 */
export const firstPageTexts = {
  app,
  auth,
  comingSoon,
  common,
  errors,
  legal,
  navigator: navigatorTexts,
  notFound,
  pages,
  push,
};

/**
 * Translations other than the fallback, each loaded (its own chunk) only for people whose
 * browser asks for that language: English readers do not download Romanian (issue 12).
 */
const otherLanguages: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  ro: () => import('../i18n/ro.json'),
};

/** Switches to `language`, loading its translation first (its own chunk) if it is not English. */
export async function switchLanguage(language: Language, instance: typeof i18n = i18n): Promise<void> {
  if (language !== 'en') {
    const { default: translation } = await otherLanguages[language]();
    instance.addResourceBundle(language, 'translation', translation);
  }
  await instance.changeLanguage(language);
}

/** The supported language a browser's language code names (ro-RO → ro), or null. */
export function supportedLanguage(code: string | undefined): Language | null {
  const language = code?.split('-')[0]?.toLowerCase();
  return supportedLanguages.find((supported) => supported === language) ?? null;
}

/**
 * Loads the translation of the language setupI18n detected, if it is not English, and switches
 * to it. main.tsx waits for it before the first render, so no English text flashes first.
 */
export async function loadDetectedLanguage(instance: typeof i18n = i18n): Promise<void> {
  const detected = supportedLanguage(instance.language);
  if (!detected || detected === 'en') return;
  await switchLanguage(detected, instance);
}

/**
 * Starts i18next: language from the browser only, English as fallback, <html lang> kept in sync.
 * Only English's first-page texts are bundled; loadDetectedLanguage brings the detected language
 * (all of it), the shell the rest of English.
 */
export function setupI18n(): typeof i18n {
  i18n.on('languageChanged', () => {
    // Not when the build prerenders a page (app/prerender.tsx): there is no document then.
    if (typeof document !== 'undefined') document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
  });
  void i18n
    .use(browserLanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: firstPageTexts } },
      fallbackLng: 'en',
      supportedLngs: supportedLanguages,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  return i18n;
}
