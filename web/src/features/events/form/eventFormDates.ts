import { dayKey, fromWallClock, parseDayKey, toWallClock } from '@convene/contract';

/** What a side's date and time pickers show: 'YYYY-MM-DD' and 'HH:mm'. */
export interface PickerValue {
  date: string;
  time: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The date and time a clock in `timeZone` shows at `instant`, as the native pickers read them. */
export function toPickerValue(instant: string, timeZone: string): PickerValue {
  const wall = toWallClock(new Date(instant), timeZone);
  return { date: dayKey(wall), time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** Years an event may have (the server keeps dates in 1900–2199). */
const firstYear = 1900;
const lastYear = 2199;

/**
 * Whether a date picker's 'YYYY-MM-DD' is a whole real day an event may have. While the year is
 * being typed the picker already answers years like 0002 or 0202: those are not taken yet.
 */
export function isPickableDay(date: string): boolean {
  const day = parseDayKey(date);
  return day !== null && day.year >= firstYear && day.year <= lastYear;
}

/**
 * The instant (ISO) the pickers name in `timeZone`; null while either is empty, not a real date
 * or time, or a year still being typed (a native picker answers '' while a part is missing).
 */
export function fromPickerValue(value: PickerValue, timeZone: string): string | null {
  const day = isPickableDay(value.date) ? parseDayKey(value.date) : null;
  const time = /^(\d{2}):(\d{2})$/.exec(value.time);
  if (!day || !time) return null;
  const hour = Number(time[1]);
  const minute = Number(time[2]);
  if (hour > 23 || minute > 59) return null;
  return fromWallClock({ ...day, hour, minute, second: 0, millisecond: 0 }, timeZone).toISOString();
}

/** The RFC 5545 weekday ('MO'…'SU') of an instant in a time zone. */
export function weekDayOf(instant: string, timeZone: string): 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU' {
  const wall = toWallClock(new Date(instant), timeZone);
  const index = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  return (['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const)[index] ?? 'MO';
}
