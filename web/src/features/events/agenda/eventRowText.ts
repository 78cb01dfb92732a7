import { type Event, eventDefaults, rsvpLabelKeys } from '@convene/contract';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ro';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { daysBetween } from './agendaDays.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(localizedFormat);

/** dayjs's locale name for an app language (English is dayjs's built-in 'en'). */
function localeOf(language: string): string {
  return language.startsWith('ro') ? 'ro' : 'en';
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** A date in a pattern and language; Romanian month names in lower case (dayjs capitalises them). */
function formatIn(date: Dayjs, pattern: string, language: string): string {
  const locale = localeOf(language);
  const localized = date.locale(locale);
  const text = localized.format(pattern);
  if (locale !== 'ro') return text;
  const long = localized.format('MMMM');
  const short = localized.format('MMM');
  return text.replace(long, long.toLowerCase()).replace(short, short.toLowerCase());
}

/** The word a day header uses near today (spec: -1 to +2 days); null further away. */
export type DayRelation = 'yesterday' | 'today' | 'tomorrow' | 'inTwoDays';

/** How a day relates to today: yesterday, today, tomorrow, the day after, or null. */
export function dayRelation(day: string, today: string): DayRelation | null {
  const offset = daysBetween(today, day);
  if (offset === -1) return 'yesterday';
  if (offset === 0) return 'today';
  if (offset === 1) return 'tomorrow';
  if (offset === 2) return 'inTwoDays';
  return null;
}

/** A day's full date in the language ('Friday, May 17, 2024' / 'Vineri, 17 mai 2024'). */
export function formatFullDay(day: string, language: string): string {
  return capitalize(formatIn(dayjs.utc(day), 'dddd, LL', language));
}

/** A day's date without its weekday ('May 17, 2024' / '17 mai 2024'). */
export function formatDate(day: string, language: string): string {
  return formatIn(dayjs.utc(day), 'LL', language);
}

/** A day's weekday name in the language ('Friday' / 'Vineri'). */
export function formatWeekday(day: string, language: string): string {
  return capitalize(dayjs.utc(day).locale(localeOf(language)).format('dddd'));
}

/** What a row's time line shows, before translation of the all-day word. */
export interface TimeRange {
  isAllDay: boolean;
  /** The range itself: times, or dates and times when it spans days; '' for a one-day all-day event. */
  text: string;
}

/**
 * An event's time range in the viewer's zone: '10:00 AM – 11:00 AM'; across days, each side
 * with its date; all-day events by their GMT days (the dates only when more than one).
 */
export function formatTimeRange(
  event: Pick<Event, 'startDate' | 'endDate' | 'isAllDay'>,
  language: string,
  timeZone: string,
): TimeRange {
  const format = (date: Dayjs, pattern: string) => formatIn(date, pattern, language);
  if (event.isAllDay) {
    const start = dayjs.utc(event.startDate);
    const end = dayjs.utc(event.endDate);
    const isSameDay = start.format('YYYY-MM-DD') === end.format('YYYY-MM-DD');
    return { isAllDay: true, text: isSameDay ? '' : `${format(start, 'D MMM')} – ${format(end, 'D MMM')}` };
  }
  const start = dayjs(event.startDate).tz(timeZone);
  const end = dayjs(event.endDate).tz(timeZone);
  // An end exactly at midnight belongs to the day before.
  const lastMoment = dayjs(Math.max(end.valueOf() - 1, start.valueOf())).tz(timeZone);
  const isSameDay = start.format('YYYY-MM-DD') === lastMoment.format('YYYY-MM-DD');
  if (isSameDay) return { isAllDay: false, text: `${format(start, 'LT')} – ${format(end, 'LT')}` };
  return { isAllDay: false, text: `${format(start, 'D MMM, LT')} – ${format(end, 'D MMM, LT')}` };
}

const hexColor = /^[0-9a-fA-F]{6}$/;

/** The event's colour as '#rrggbb': the manual card colour, else its hex colour (default 4256c1). */
export function eventColor(event: Pick<Event, 'colorSettings' | 'hexColor'>): string {
  const chosen = event.colorSettings.type === 'manual' ? event.colorSettings.cardColor : event.hexColor;
  const clean = chosen.replace('#', '');
  return `#${hexColor.test(clean) ? clean.toLowerCase() : eventDefaults.hexColor}`;
}

/** Where the event is, as a row shows it: its place's name, else its address; null if hidden or none. */
export function eventPlace(event: Pick<Event, 'location' | 'extendedProperties'>): string | null {
  if (event.extendedProperties.shouldHideLocation) return null;
  const place = event.location.name?.trim() || event.location.address?.trim();
  return place || null;
}

/**
 * The i18n key of the viewer's own RSVP. Someone who sees the event but has not answered yet is
 * 'in the loop' (PRODUCT.md §1.4): opening the event records exactly that.
 */
export function rsvpLabelKey(event: Pick<Event, 'userEventStatus'>) {
  return rsvpLabelKeys[event.userEventStatus?.statuses.rsvp ?? 'none'];
}

/** The colour of the event's calendar as '#rrggbb' (the default colour when it is not one). */
export function calendarColor(event: Pick<Event, 'originatingCalendar'>): string {
  const clean = event.originatingCalendar.color.replace('#', '');
  return `#${hexColor.test(clean) ? clean.toLowerCase() : eventDefaults.hexColor}`;
}

/** Whether the row is one occurrence of a repeating series. */
export function isOccurrence(event: Pick<Event, 'parentId' | 'repeatingRule'>): boolean {
  return Boolean(event.parentId || event.repeatingRule);
}
