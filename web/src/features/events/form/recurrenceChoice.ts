import { parseDayKey, type RecurrenceChoice, recurrenceLimits, type WeekDay } from '@convene/contract';

/** What the picker's Repeat list offers; 'custom' only shows a rule the picker cannot show. */
export type RepeatOption = RecurrenceChoice['frequency'] | 'custom';

/** The Repeat option a described rule shows as (null: a rule the picker cannot show). */
export function repeatOptionOf(choice: RecurrenceChoice | null): RepeatOption {
  return choice ? choice.frequency : 'custom';
}

/**
 * The choice after picking a Repeat option: the interval and end carry over; weekly starts on
 * the chosen days or, with none, the start's weekday.
 */
export function choiceWithFrequency(
  current: RecurrenceChoice | null,
  frequency: RecurrenceChoice['frequency'],
  startWeekDay: WeekDay,
): RecurrenceChoice {
  const base = current ?? { frequency, interval: 1, weekDays: [], end: { type: 'never' } };
  const weekDays = frequency === 'weekly' ? (base.weekDays.length > 0 ? base.weekDays : [startWeekDay]) : [];
  return frequency === 'none'
    ? { frequency, interval: 1, weekDays: [], end: { type: 'never' } }
    : { ...base, frequency, weekDays };
}

/** Weekly days after a toggle; the last day cannot be removed (the rule needs one). */
export function toggleWeekDays(days: readonly WeekDay[], toggled: readonly WeekDay[]): WeekDay[] {
  return toggled.length > 0 ? [...toggled] : [...days];
}

/** A whole number typed into the interval or count field, when within [1, max]; else null. */
export function parseWholeNumber(text: string, max: number): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

/** Largest interval and occurrence count the picker accepts (the contract's limits). */
export const recurrenceMax = { interval: recurrenceLimits.intervalMax, count: recurrenceLimits.countMax };

/** The until day first offered: one month after the start day ('YYYY-MM-DD'), clamped to the month's end. */
export function defaultUntilDay(startDay: string): string {
  const day = parseDayKey(startDay);
  if (!day) return startDay;
  const next = new Date(Date.UTC(day.year, day.month, 1));
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day.day, lastDay));
  return next.toISOString().slice(0, 10);
}
