import { localDay } from './chatModel.ts';

/** A message's short time: the hour today, else a short date (locale-aware). */
export function shortTime(iso: string, now: Date, locale?: string): string {
  const date = new Date(iso);
  if (localDay(iso) === localDay(now.toISOString())) {
    return date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  }
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short' });
}

/** The hour of a message (shown beside it). */
export function clockTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/** A day header's date: weekday, day and month (and the year when not this year). */
export function longDay(day: string, now: Date, locale?: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const value = new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
  return value.toLocaleDateString(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: value.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  });
}
