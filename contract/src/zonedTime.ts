/**
 * Wall-clock time in IANA time zones with nothing but Intl, so the same code runs in Node and
 * the browser. Instants are Date values; a wall clock is what a clock on the wall shows there.
 */

/** A local date and time in some zone (month 1–12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the name is an IANA time zone this runtime knows (or UTC). */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What a clock in `timeZone` shows at `instant`, read from Intl (slow: see offsetAt). */
function formatWallClock(time: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(time)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: ((time % 1000) + 1000) % 1000,
  };
}

/** What a clock in `timeZone` shows at `instant`. */
export function toWallClock(instant: Date | number, timeZone: string): WallClock {
  const time = typeof instant === 'number' ? instant : instant.getTime();
  return floatingToWallClock(time + offsetAt(time, timeZone));
}

/** The wall clock as if it were UTC, in milliseconds (a "floating" time). */
export function wallClockToFloating(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
}

/** The wall clock of a floating time (its UTC fields). */
export function floatingToWallClock(floating: number): WallClock {
  const date = new Date(floating);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
  };
}

const bucketMs = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();
let cachedOffsets = 0;

const formattedOffset = (time: number, timeZone: string) =>
  wallClockToFloating(formatWallClock(time, timeZone)) - time;

/**
 * Offset of `timeZone` from UTC at `instant`, in milliseconds (Bucharest in summer: +3 h).
 * Intl is slow, so offsets are kept per quarter hour: a quarter whose two ends agree has one
 * offset throughout (changes happen at most once in it); any other instant is read exactly.
 */
export function offsetAt(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / bucketMs);
  let zone = offsets.get(timeZone);
  const cached = zone?.get(bucket);
  if (cached !== undefined) return cached;
  const first = formattedOffset(bucket * bucketMs, timeZone);
  const last = formattedOffset((bucket + 1) * bucketMs - 1000, timeZone);
  if (first !== last) return formattedOffset(instant, timeZone);
  if (cachedOffsets > 200_000) {
    offsets.clear();
    cachedOffsets = 0;
  }
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  zone.set(bucket, first);
  cachedOffsets += 1;
  return first;
}

/** A floating time (see wallClockToFloating) of `instant` in `timeZone`. */
export function instantToFloating(instant: number, timeZone: string): number {
  return instant + offsetAt(instant, timeZone);
}

/**
 * The instant a floating time names in `timeZone`: the offsets a day either side are the only
 * ones it can have, and each candidate is kept only if its own offset brings it back to the same
 * floating time. A time that happens twice (clocks going back) is the earlier one; a time that
 * never happens (clocks going forward) is moved forward by the gap, so 03:30 on the
 * spring-forward night in Bucharest is 04:30 summer time.
 */
export function floatingToInstant(floating: number, timeZone: string): number {
  const dayMs = 86_400_000;
  const early = floating - offsetAt(floating - dayMs, timeZone);
  const late = floating - offsetAt(floating + dayMs, timeZone);
  const [first, second] = early <= late ? [early, late] : [late, early];
  if (instantToFloating(first, timeZone) === floating) return first;
  if (instantToFloating(second, timeZone) === floating) return second;
  return early;
}

/** The instant a wall clock in `timeZone` names (floatingToInstant says which, when it is not one). */
export function fromWallClock(wall: WallClock, timeZone: string): Date {
  return new Date(floatingToInstant(wallClockToFloating(wall), timeZone));
}

/** 'YYYY-MM-DD' of a wall clock. */
export function dayKey(wall: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** Parses 'YYYY-MM-DD' into year, month and day; null when it is not a real date. */
export function parseDayKey(day: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date)
    return null;
  return { year, month, day: date };
}
