import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import ro from '../../../i18n/ro.json';
import { reminderChoices, reminderParts, reminderPresets, reminderText } from './reminderText.ts';

async function translator(lng: 'en' | 'ro') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { en: { translation: en }, ro: { translation: ro } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('reminder text', () => {
  it('splits an interval into whole units, largest first', () => {
    expect(reminderParts(0)).toEqual([]);
    expect(reminderParts(5400)).toEqual([
      { unit: 'hour', count: 1 },
      { unit: 'minute', count: 30 },
    ]);
    expect(reminderParts(8 * 86_400 + 45)).toEqual([
      { unit: 'week', count: 1 },
      { unit: 'day', count: 1 },
      { unit: 'second', count: 45 },
    ]);
  });

  it('reads every preset in English', async () => {
    const t = await translator('en');
    expect(reminderPresets.map((seconds) => reminderText(t, seconds))).toEqual([
      'At the start of the event',
      '5 minutes before',
      '10 minutes before',
      '15 minutes before',
      '30 minutes before',
      '1 hour before',
      '2 hours before',
      '1 day before',
      '1 week before',
    ]);
  });

  it('reads any other interval too, joining its units', async () => {
    const t = await translator('en');
    expect(reminderText(t, 5400)).toBe('1 hour and 30 minutes before');
    expect(reminderText(t, 2 * 86_400 + 3 * 3600 + 60)).toBe('2 days, 3 hours and 1 minute before');
    expect(reminderText(t, 28 * 86_400)).toBe('4 weeks before');
    expect(reminderText(t, 1)).toBe('1 second before');
  });

  it('reads intervals in Romanian with its three plural forms', async () => {
    const t = await translator('ro');
    expect(reminderText(t, 0)).toBe('La începutul evenimentului');
    expect(reminderText(t, 60)).toBe('Cu 1 minut înainte');
    expect(reminderText(t, 300)).toBe('Cu 5 minute înainte');
    expect(reminderText(t, 1800)).toBe('Cu 30 de minute înainte');
    expect(reminderText(t, 5400)).toBe('Cu 1 oră și 30 de minute înainte');
    expect(reminderText(t, 604_800)).toBe('Cu 1 săptămână înainte');
  });
});

describe('reminder choices', () => {
  it('offers none and the presets, in order', () => {
    expect(reminderChoices(null)).toEqual([null, 0, 300, 600, 900, 1800, 3600, 7200, 86_400, 604_800]);
    expect(reminderChoices(900)).toEqual(reminderChoices(null));
  });

  it("keeps an existing event's other interval as its own choice, in its place", () => {
    expect(reminderChoices(5400)).toEqual([null, 0, 300, 600, 900, 1800, 3600, 5400, 7200, 86_400, 604_800]);
    expect(reminderChoices(1_209_600).at(-1)).toBe(1_209_600);
  });
});
