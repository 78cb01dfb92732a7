import dayjs from 'dayjs';
import 'dayjs/locale/ro';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/** dayjs's locale name for an app language (English is dayjs's built-in 'en'). */
function localeOf(language: string): string {
  return language.startsWith('ro') ? 'ro' : 'en';
}

const relativeLimitDays = 7;

/**
 * When a notification happened (PRODUCT.md §2.9): relative ('5 minutes ago') under 7 days,
 * else 'ddd DD MMM YY'. A date slightly ahead of this clock reads as now.
 */
export function formatActionDate(iso: string, now: Date, language: string): string {
  const locale = localeOf(language);
  const date = dayjs(iso).locale(locale);
  const reference = dayjs(now);
  if (reference.diff(date, 'day', true) >= relativeLimitDays) return date.format('ddd DD MMM YY');
  return (date.isAfter(reference) ? reference.locale(locale) : date).from(reference);
}

/** The absolute date and time of a notification, for a tooltip and the time element. */
export function formatFullDate(iso: string, language: string, timeZone?: string): string {
  const date = timeZone ? dayjs(iso).tz(timeZone) : dayjs(iso);
  return date.locale(localeOf(language)).format('h:mmA ddd DD MMM YYYY');
}

/** What an event card needs to show its time. */
export interface EventTime {
  startDate: string;
  isAllDay: boolean;
}

/**
 * An event's start (PRODUCT.md §2.9 'h:mmA ddd DD MMM') in the viewer's time zone (or the one given).
 * All-day events are stored from the start of their day in GMT, so they show the date alone.
 */
export function formatEventTime(event: EventTime, language: string, timeZone?: string): string {
  const locale = localeOf(language);
  if (event.isAllDay) return dayjs.utc(event.startDate).locale(locale).format('ddd DD MMM');
  const start = timeZone ? dayjs(event.startDate).tz(timeZone) : dayjs(event.startDate);
  return start.locale(locale).format('h:mmA ddd DD MMM');
}
