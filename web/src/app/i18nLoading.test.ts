import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import ro from '../i18n/ro.json';
import { browserLanguageDetector, loadDetectedLanguage } from './i18n.ts';

/** An i18next set up as setupI18n does (English bundled), with the browser asking for `language`. */
async function detected(language: string) {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { en: { translation: en } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ro'],
    load: 'languageOnly',
    interpolation: { escapeValue: false },
  });
  return instance;
}

describe('loadDetectedLanguage', () => {
  it('loads the Romanian translation for a Romanian browser before anything is drawn', async () => {
    // Browsers name a region: ro-RO.
    const instance = await detected('ro-RO');
    expect(instance.t('common.loading')).toBe(en.common.loading);
    await loadDetectedLanguage(instance);
    expect(instance.resolvedLanguage).toBe('ro');
    expect(instance.t('common.loading')).toBe(ro.common.loading);
  });

  it('loads nothing for English', async () => {
    const instance = await detected('en');
    await loadDetectedLanguage(instance);
    expect(instance.hasResourceBundle('ro', 'translation')).toBe(false);
    expect(instance.t('common.loading')).toBe(en.common.loading);
  });
});

describe('browserLanguageDetector', () => {
  async function startedWith(languages: string[]) {
    vi.stubGlobal('navigator', { languages, language: languages[0] });
    const instance = i18next.createInstance();
    await instance.use(browserLanguageDetector).init({
      resources: { en: { translation: en } },
      fallbackLng: 'en',
      supportedLngs: ['en', 'ro'],
      load: 'languageOnly',
    });
    vi.unstubAllGlobals();
    return instance;
  }

  // The same answers as i18next-browser-languagedetector with only its navigator lookup gave.
  it('picks the first of the browser languages the app is translated into', async () => {
    expect((await startedWith(['fr-FR', 'ro-RO', 'en'])).language).toBe('ro-RO');
    expect((await startedWith(['en-GB', 'ro'])).language).toBe('en-GB');
  });

  it('falls back to English when the browser asks for nothing the app has', async () => {
    expect((await startedWith(['de-DE'])).language).toBe('en');
  });
});
