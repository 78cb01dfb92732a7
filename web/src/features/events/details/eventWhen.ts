import { dayKey, type Event, toWallClock } from '@convene/contract';

/** How the details page shows when an event happens. */
export interface EventWhen {
  /** The day, or the span of days; a timed event over several days (or zones) carries its times here. */
  dates: string;
  /** The times of a timed event within one day ('10:00 – 11:30'); null otherwise. */
  times: string | null;
  /** The event's zone ('Europe/London', or 'start → end' zones) when it differs from the viewer's. */
  timeZone: string | null;
  /** The same span in the viewer's zone, when the event's zone differs. */
  inViewerZone: string | null;
}

type EventDatesFields = Pick<Event, 'isAllDay' | 'startDate' | 'endDate' | 'startTimezone' | 'endTimezone'>;

const dayOptions: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};
const timeOptions: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

function formatDay(instant: Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { ...dayOptions, timeZone }).format(instant);
}

function formatTime(instant: Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { ...timeOptions, timeZone }).format(instant);
}

function formatDayTime(instant: Date, locale: string, timeZone: string): string {
  return `${formatDay(instant, locale, timeZone)}, ${formatTime(instant, locale, timeZone)}`;
}

function sameDay(start: Date, end: Date, timeZone: string): boolean {
  return dayKey(toWallClock(start, timeZone)) === dayKey(toWallClock(end, timeZone));
}

/** A timed span shown with start in one zone and end in another (the same zone in the usual case). */
function timedSpan(start: Date, end: Date, locale: string, startZone: string, endZone: string) {
  if (startZone === endZone && sameDay(start, end, startZone)) {
    return {
      dates: formatDay(start, locale, startZone),
      times: `${formatTime(start, locale, startZone)} – ${formatTime(end, locale, endZone)}`,
    };
  }
  return {
    dates: `${formatDayTime(start, locale, startZone)} – ${formatDayTime(end, locale, endZone)}`,
    times: null,
  };
}

/**
 * When an event happens, for the details page: all-day days are read in GMT (as they are
 * stored); a timed event is shown in its own zones, and also in the viewer's when that differs.
 */
export function describeEventWhen(
  event: EventDatesFields,
  options: { locale: string; viewerTimeZone: string },
): EventWhen {
  const { locale, viewerTimeZone } = options;
  const start = new Date(event.startDate);
  const end = new Date(event.endDate);
  if (event.isAllDay) {
    const first = formatDay(start, locale, 'UTC');
    const last = formatDay(end, locale, 'UTC');
    return {
      dates: first === last ? first : `${first} – ${last}`,
      times: null,
      timeZone: null,
      inViewerZone: null,
    };
  }
  const span = timedSpan(start, end, locale, event.startTimezone, event.endTimezone);
  const differs = event.startTimezone !== viewerTimeZone || event.endTimezone !== viewerTimeZone;
  if (!differs) return { ...span, timeZone: null, inViewerZone: null };
  const local = timedSpan(start, end, locale, viewerTimeZone, viewerTimeZone);
  return {
    ...span,
    timeZone:
      event.startTimezone === event.endTimezone
        ? event.startTimezone
        : `${event.startTimezone} → ${event.endTimezone}`,
    inViewerZone: local.times ? `${local.dates}, ${local.times}` : local.dates,
  };
}

/** The viewer's own time zone, as the browser knows it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
