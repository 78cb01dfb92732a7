import { dayKey, fromWallClock, parseDayKey, toWallClock, type WallClock } from './zonedTime.ts';

/**
 * The event date rules of PRODUCT.md §1.4 as pure functions over what the event form holds.
 * Dates are ISO instants; each side has its own IANA time zone, in which the pickers show it.
 */
export interface EventDates {
  isAllDay: boolean;
  /** ISO instant of the start. */
  startDate: string;
  /** ISO instant of the end. */
  endDate: string;
  startTimezone: string;
  endTimezone: string;
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const quarterMs = 15 * minuteMs;

const iso = (time: number) => new Date(time).toISOString();
const ms = (date: string) => new Date(date).getTime();

/**
 * The first instant strictly after `now` at which the clock in `timeZone` shows a full hour.
 * Offsets are whole quarter hours, so stepping by UTC quarter hours finds it; on the night the
 * clocks go back it is the repeated hour, on the night they go forward the hour after the gap.
 */
export function nextFullHour(now: Date | number, timeZone: string): Date {
  const time = typeof now === 'number' ? now : now.getTime();
  let candidate = Math.floor(time / quarterMs) * quarterMs + quarterMs;
  for (let step = 0; step < 8; step += 1, candidate += quarterMs) {
    const wall = toWallClock(candidate, timeZone);
    if (wall.minute === 0 && wall.second === 0) return new Date(candidate);
  }
  return new Date(Math.floor(time / hourMs) * hourMs + hourMs);
}

/** Default new event: starts at the next full hour, lasts one hour, in the local time zone. */
export function defaultNewEvent(now: Date | number, localTimezone: string): EventDates {
  const start = nextFullHour(now, localTimezone).getTime();
  return {
    isAllDay: false,
    startDate: iso(start),
    endDate: iso(start + hourMs),
    startTimezone: localTimezone,
    endTimezone: localTimezone,
  };
}

/**
 * An all-day span from the start of the start day to the end of the end day, sent as GMT:
 * 'YYYY-MM-DDT00:00:00.000Z' … 'YYYY-MM-DDT23:59:59.999Z'. Days are 'YYYY-MM-DD'.
 */
export function allDaySpan(startDay: string, endDay: string): { startDate: string; endDate: string } {
  const start = parseDayKey(startDay);
  const end = parseDayKey(endDay);
  if (!start || !end) throw new RangeError('days must be YYYY-MM-DD');
  const from = Date.UTC(start.year, start.month - 1, start.day);
  const to = Math.max(Date.UTC(end.year, end.month - 1, end.day), from) + 86_400_000 - 1;
  return { startDate: iso(from), endDate: iso(to) };
}

/** The GMT day ('YYYY-MM-DD') of an instant, as all-day events store their days. */
export function utcDay(date: string): string {
  return new Date(date).toISOString().slice(0, 10);
}

/**
 * What the form sends: an all-day event as the GMT span of the days the pickers show (each
 * side in its own zone); a timed event as its instants.
 */
export function toSubmittedDates(dates: EventDates): EventDates {
  if (!dates.isAllDay) return dates;
  const span = allDaySpan(
    dayKey(toWallClock(ms(dates.startDate), dates.startTimezone)),
    dayKey(toWallClock(ms(dates.endDate), dates.endTimezone)),
  );
  return { ...dates, ...span };
}

/**
 * Moving the start keeps the previous duration: the end moves with it. An end that is not
 * accepted (before the start) has no duration to keep, so it stays where it is and the person
 * can fix either side.
 */
export function changeStart(dates: EventDates, newStart: string): EventDates {
  const start = ms(newStart);
  if (!hasAcceptedEnd(dates)) return { ...dates, startDate: iso(start) };
  const duration = ms(dates.endDate) - ms(dates.startDate);
  return { ...dates, startDate: iso(start), endDate: iso(start + duration) };
}

/**
 * Whether a new end is accepted: a timed event's end must be after its start; an all-day
 * event's end day may not be before its start day.
 */
export function isEndAccepted(dates: EventDates, newEnd: string): boolean {
  if (!dates.isAllDay) return ms(newEnd) > ms(dates.startDate);
  const startDay = dayKey(toWallClock(ms(dates.startDate), dates.startTimezone));
  const endDay = dayKey(toWallClock(ms(newEnd), dates.endTimezone));
  return endDay >= startDay;
}

/** Whether the dates' own end is accepted (see isEndAccepted); a form with another end cannot be saved. */
export function hasAcceptedEnd(dates: EventDates): boolean {
  return isEndAccepted(dates, dates.endDate);
}

/**
 * Sets the end exactly as entered. An end that is not accepted is kept too, so the field shows
 * what was typed and the form refuses to save until it is fixed (hasAcceptedEnd).
 */
export function changeEnd(dates: EventDates, newEnd: string): EventDates {
  return { ...dates, endDate: iso(ms(newEnd)) };
}

/** The same clock reading as `instant` shows in `from`, read in `to`. */
const reinterpret = (instant: string, from: string, to: string) =>
  fromWallClock(toWallClock(ms(instant), from), to).toISOString();

/**
 * Changing a side's time zone keeps what its picker shows and reinterprets it in the new zone.
 * The end zone follows a new start zone while both were the same (the person did not set the
 * end's zone apart), so the event keeps its length. Only when the start then really is at or
 * after the end does the end move to the start plus one minute.
 */
export function changeTimezone(dates: EventDates, side: 'start' | 'end', timeZone: string): EventDates {
  const next = { ...dates };
  const endFollows = side === 'end' || dates.endTimezone === dates.startTimezone;
  if (side === 'start') {
    next.startDate = reinterpret(dates.startDate, dates.startTimezone, timeZone);
    next.startTimezone = timeZone;
  }
  if (endFollows) {
    next.endDate = reinterpret(dates.endDate, dates.endTimezone, timeZone);
    next.endTimezone = timeZone;
  }
  if (ms(next.startDate) >= ms(next.endDate)) next.endDate = iso(ms(next.startDate) + minuteMs);
  return next;
}

/**
 * Toggling all-day resets the times to the next full hour and the hour after (on the days
 * the pickers show) and both time zones to the local one.
 */
export function toggleAllDay(dates: EventDates, now: Date | number, localTimezone: string): EventDates {
  const first = nextFullHour(now, localTimezone);
  const startTime = toWallClock(first, localTimezone);
  const endTime = toWallClock(first.getTime() + hourMs, localTimezone);
  const at = (day: WallClock, time: WallClock) =>
    fromWallClock(
      { ...time, year: day.year, month: day.month, day: day.day, second: 0, millisecond: 0 },
      localTimezone,
    );
  const start = at(toWallClock(ms(dates.startDate), dates.startTimezone), startTime).getTime();
  const endDay = toWallClock(ms(dates.endDate), dates.endTimezone);
  const sameDay = dayKey(endDay) <= dayKey(toWallClock(start, localTimezone));
  const end = sameDay ? start + hourMs : Math.max(at(endDay, endTime).getTime(), start + hourMs);
  return {
    isAllDay: !dates.isAllDay,
    startDate: iso(start),
    endDate: iso(end),
    startTimezone: localTimezone,
    endTimezone: localTimezone,
  };
}

/**
 * Whether an event spans more than one day: all-day events by their GMT days, timed events by
 * the start zone's days (an end exactly at midnight belongs to the day before).
 */
export function isMultiDay(dates: Pick<EventDates, 'isAllDay' | 'startDate' | 'endDate' | 'startTimezone'>) {
  if (dates.isAllDay) return utcDay(dates.startDate) !== utcDay(dates.endDate);
  const zone = dates.startTimezone;
  const lastMoment = Math.max(ms(dates.endDate) - 1, ms(dates.startDate));
  return dayKey(toWallClock(ms(dates.startDate), zone)) !== dayKey(toWallClock(lastMoment, zone));
}
