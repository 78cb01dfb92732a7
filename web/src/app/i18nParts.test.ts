import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { addScreenTexts, screenTexts } from '../i18n/enScreens.ts';
import { firstPageTexts } from './i18n.ts';
import { addSignedInTexts, signedInTexts } from './i18nSignedIn.ts';

describe('English in three parts (the first page, the shell with the calendars list, the other screens)', () => {
  it('has every top-level key of en.json in exactly one part, with its texts', () => {
    const parts = [firstPageTexts, signedInTexts, screenTexts].map((part) => Object.keys(part));
    const keys = parts.flat();
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect([...keys].sort()).toEqual(Object.keys(en).sort());
    expect({ ...firstPageTexts, ...signedInTexts, ...screenTexts }).toEqual(en);
  });

  it('adds the shell and screen texts to an i18next started with the first page texts', async () => {
    const instance = i18next.createInstance();
    await instance.init({ resources: { en: { translation: firstPageTexts } }, lng: 'en' });
    expect(instance.exists('calendar.list.create')).toBe(false);
    addSignedInTexts(instance);
    expect(instance.t('calendar.list.create')).toBe(en.calendar.list.create);
    expect(instance.exists('eventForm.titleCreate')).toBe(false);
    addScreenTexts(instance);
    expect(instance.t('eventForm.titleCreate')).toBe(en.eventForm.titleCreate);
    expect(instance.t('auth.login.title')).toBe(en.auth.login.title);
    expect(instance.t('calendar.list.create')).toBe(en.calendar.list.create);
  });
});
