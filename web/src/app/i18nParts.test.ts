import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { firstPageTexts } from './i18n.ts';
import { addSignedInTexts, signedInTexts } from './i18nSignedIn.ts';

describe('English in two parts (the first page, the signed-in screens)', () => {
  it('has every top-level key of en.json in exactly one part, with its texts', () => {
    const first = Object.keys(firstPageTexts);
    const signedIn = Object.keys(signedInTexts);
    expect(first.filter((key) => signedIn.includes(key))).toEqual([]);
    expect([...first, ...signedIn].sort()).toEqual(Object.keys(en).sort());
    expect({ ...firstPageTexts, ...signedInTexts }).toEqual(en);
  });

  it('adds the signed-in texts to an i18next started with the first page texts', async () => {
    const instance = i18next.createInstance();
    await instance.init({ resources: { en: { translation: firstPageTexts } }, lng: 'en' });
    expect(instance.exists('calendar.list.create')).toBe(false);
    addSignedInTexts(instance);
    expect(instance.t('calendar.list.create')).toBe(en.calendar.list.create);
    expect(instance.t('auth.login.title')).toBe(en.auth.login.title);
  });
});
