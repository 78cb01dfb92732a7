import { floatingToInstant, instantToFloating, parseRepeatingRule, untilDate } from '@convene/contract';
import rrulePkg from 'rrule';

const { RRule } = rrulePkg;
type Rule = InstanceType<typeof RRule>;

/** What expanding a series needs to know about it. */
export interface SeriesShape {
  id: string;
  startDate: Date;
  isAllDay: boolean;
  startTimezone: string;
  repeatingRule: string;
}

/** Iterations allowed per expansion: 50,000 days is about 137 years of a daily series. */
const maxIterations = 50_000;
const dayMs = 86_400_000;
/** Offsets differ from UTC by less than this, so a floating bound widened by it is safe. */
const marginMs = 2 * dayMs;

/**
 * Series expand in their start zone's wall-clock time ("floating"): a weekly 10:00 meeting in
 * Bucharest stays at 10:00 local across DST changes, so its UTC instant moves by an hour. All-day
 * series expand in UTC, as their days are stored in GMT.
 */
const zoneOf = (series: SeriesShape) => (series.isAllDay ? 'UTC' : series.startTimezone);

const toFloating = (instant: Date, zone: string) => instantToFloating(instant.getTime(), zone);
const fromFloating = (floating: Date, zone: string) => new Date(floatingToInstant(floating.getTime(), zone));

/** A series ready to expand: its rule with every implicit part made explicit. */
interface Prepared {
  zone: string;
  options: ReturnType<typeof RRule.parseString>;
  dtstart: Date;
  until: Date | null;
  frequency: string;
  interval: number;
  /** False for COUNT rules: their occurrences count from the real start. */
  canShift: boolean;
  /** The closed form of a daily or weekly rule's starts; null when the rule needs rrule. */
  stepped: Stepped | null;
}

/**
 * Evenly spaced floating starts: `anchor + p × period + offsets[j]` for every period p ≥ 0 and
 * offset j, but for the first `skip` offsets of period 0 (before the series' start). The n-th of
 * them (from 0) is an occurrence while n < count and it is not after `until`.
 */
interface Stepped {
  anchor: number;
  period: number;
  offsets: number[];
  skip: number;
  count: number | null;
}

/** Parts a rule may have and still be stepped (BYDAY for weekly rules only). */
const steppedParts = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'WKST']);
const weekdayCodes = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/**
 * A DAILY rule, or a WEEKLY one with plain BYDAY days, as a Stepped; null for anything else (and
 * for a start with milliseconds, which rrule drops): those walk rrule's iterator instead.
 * Same dates as rrule: weeks begin on WKST (MO by default), every occurrence keeps the start's
 * time of day, COUNT counts from the start, UNTIL is inclusive.
 */
function steppedOf(parts: Record<string, string>, dtstart: Date): Stepped | null {
  if (parts.FREQ !== 'DAILY' && parts.FREQ !== 'WEEKLY') return null;
  if (!Object.keys(parts).every((key) => steppedParts.has(key))) return null;
  if (dtstart.getUTCMilliseconds() !== 0) return null;
  const start = dtstart.getTime();
  const interval = parts.INTERVAL ? Number(parts.INTERVAL) : 1;
  const count = parts.COUNT ? Number(parts.COUNT) : null;
  if (parts.FREQ === 'DAILY') {
    if (parts.BYDAY) return null;
    return { anchor: start, period: interval * dayMs, offsets: [0], skip: 0, count };
  }
  const days = (parts.BYDAY ?? weekdayCodes[dtstart.getUTCDay()] ?? '').split(',');
  const weekStart = weekdayCodes.indexOf(parts.WKST ?? 'MO');
  const dayOf = (code: string) => (weekdayCodes.indexOf(code) - weekStart + 7) % 7;
  if (days.some((code) => !weekdayCodes.includes(code))) return null;
  const timeOfDay = start % dayMs;
  const anchor = start - timeOfDay - dayOf(weekdayCodes[dtstart.getUTCDay()] as string) * dayMs;
  const offsets = [...new Set(days.map(dayOf))].sort((a, b) => a - b).map((day) => day * dayMs + timeOfDay);
  const skip = offsets.filter((offset) => anchor + offset < start).length;
  return { anchor, period: interval * 7 * dayMs, offsets, skip, count };
}

const prepared = new Map<string, Prepared>();

function prepare(series: SeriesShape): Prepared {
  const zone = zoneOf(series);
  const cacheKey = `${series.repeatingRule}|${series.startDate.getTime()}|${zone}`;
  const cached = prepared.get(cacheKey);
  if (cached) return cached;
  const parts = parseRepeatingRule(series.repeatingRule);
  if (!parts) throw new Error(`stored repeating rule is invalid: ${series.repeatingRule}`);
  const { UNTIL: until, ...rest } = parts;
  const dtstart = new Date(toFloating(series.startDate, zone));
  // The day a rule takes from its start when it names none, spelled out, so that the rule may
  // be re-anchored at a later period without changing which dates it yields.
  const explicit: Record<string, string> = { ...rest };
  const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][dtstart.getUTCDay()] as string;
  if (parts.FREQ === 'WEEKLY' && !parts.BYDAY) explicit.BYDAY = weekday;
  if ((parts.FREQ === 'MONTHLY' || parts.FREQ === 'YEARLY') && !parts.BYMONTHDAY && !parts.BYDAY)
    explicit.BYMONTHDAY = String(dtstart.getUTCDate());
  if (parts.FREQ === 'YEARLY' && !parts.BYMONTH && !parts.BYMONTHDAY && !parts.BYDAY)
    explicit.BYMONTH = String(dtstart.getUTCMonth() + 1);
  let floatingUntil: Date | null = null;
  if (until) {
    const parsed = untilDate(until);
    if (!parsed) throw new Error(`stored UNTIL is invalid: ${until}`);
    // A date alone includes that whole day; an instant is read on the zone's clock.
    floatingUntil = parsed.isDateOnly
      ? new Date(`${parsed.date}T23:59:59.999Z`)
      : new Date(toFloating(new Date(parsed.date), zone));
  }
  const result: Prepared = {
    zone,
    options: RRule.parseString(
      Object.entries(explicit)
        .map(([key, value]) => `${key}=${value}`)
        .join(';'),
    ),
    dtstart,
    until: floatingUntil,
    frequency: parts.FREQ,
    interval: parts.INTERVAL ? Number(parts.INTERVAL) : 1,
    canShift: !parts.COUNT,
    stepped: steppedOf(explicit, dtstart),
  };
  if (prepared.size > 5000) prepared.clear();
  prepared.set(cacheKey, result);
  return result;
}

/**
 * The rule anchored at a whole number of periods after its start, two periods before `target`
 * (floating ms), so walking it costs the page, not the series' history. COUNT rules, and
 * targets near the start, keep the real start.
 */
function ruleNear(series: Prepared, target: number | null): Rule {
  let dtstart = series.dtstart;
  if (series.canShift && target !== null && target > dtstart.getTime()) {
    const start = dtstart;
    const time = [start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()] as const;
    if (series.frequency === 'DAILY' || series.frequency === 'WEEKLY') {
      const period = series.interval * (series.frequency === 'WEEKLY' ? 7 : 1) * dayMs;
      const periods = Math.floor((target - start.getTime()) / period) - 2;
      if (periods > 0) dtstart = new Date(start.getTime() + periods * period);
    } else {
      const months =
        (new Date(target).getUTCFullYear() - start.getUTCFullYear()) * 12 +
        (new Date(target).getUTCMonth() - start.getUTCMonth());
      const periodMonths = series.interval * (series.frequency === 'YEARLY' ? 12 : 1);
      const periods = Math.floor(months / periodMonths) - 2;
      if (periods > 0) {
        const month = start.getUTCMonth() + periods * periodMonths;
        dtstart =
          series.frequency === 'YEARLY'
            ? new Date(Date.UTC(start.getUTCFullYear() + Math.floor(month / 12), 0, 1, ...time))
            : new Date(Date.UTC(start.getUTCFullYear(), month, 1, ...time));
      }
    }
  }
  return new RRule({ ...series.options, dtstart, until: series.until });
}

/** Walks floating occurrence starts in order until `visit` answers false (or the cap). */
function walk(rule: Rule, visit: (floating: Date) => boolean): void {
  let count = 0;
  rule.all((floating) => {
    count += 1;
    return visit(floating) && count < maxIterations;
  });
}

/**
 * Walks floating occurrence starts in order from about `lowest` (floating ms; the first ones
 * visited may lie before it) until `visit` answers false (or the cap): in closed form for a
 * stepped rule, else through rrule anchored near `lowest`.
 */
function walkFrom(series: Prepared, lowest: number, visit: (floating: Date) => boolean): void {
  const stepped = series.stepped;
  if (!stepped) {
    walk(ruleNear(series, lowest), visit);
    return;
  }
  const { anchor, period, offsets, skip, count } = stepped;
  const until = series.until?.getTime() ?? Number.POSITIVE_INFINITY;
  let visited = 0;
  for (let p = Math.max(0, Math.floor((lowest - anchor) / period)); ; p += 1) {
    for (let j = p === 0 ? skip : 0; j < offsets.length; j += 1) {
      const floating = anchor + p * period + (offsets[j] as number);
      if (floating > until || (count !== null && p * offsets.length + j - skip >= count)) return;
      visited += 1;
      if (!visit(new Date(floating)) || visited >= maxIterations) return;
    }
  }
}

/**
 * Walks a stepped rule's floating starts backwards from `highest` (floating ms, inclusive; not
 * after the floating `until`) until `visit` answers false, the series' start, or the cap: the
 * closed form of walkFrom, reversed.
 */
function walkBack(
  stepped: Stepped,
  until: Date | null,
  highest: number,
  visit: (floating: number) => boolean,
): void {
  const { anchor, period, offsets, skip, count } = stepped;
  const top = Math.min(highest, until?.getTime() ?? Number.POSITIVE_INFINITY);
  if (top < anchor) return;
  let p = Math.floor((top - anchor) / period);
  // The last occurrence of a COUNT rule is number count - 1 (from 0), `skip` offsets in.
  if (count !== null) p = Math.min(p, Math.floor((count - 1 + skip) / offsets.length));
  let visited = 0;
  for (; p >= 0; p -= 1) {
    for (let j = offsets.length - 1; j >= (p === 0 ? skip : 0); j -= 1) {
      const floating = anchor + p * period + (offsets[j] as number);
      if (floating > top || (count !== null && p * offsets.length + j - skip >= count)) continue;
      visited += 1;
      if (!visit(floating) || visited >= maxIterations) return;
    }
  }
}

/** The first `limit` occurrence starts at or after `from` and before `before` (when given). */
export function occurrencesFrom(
  series: SeriesShape,
  from: Date,
  limit: number,
  before?: Date | null,
): Date[] {
  const found: Date[] = [];
  if (limit <= 0) return found;
  const prep = prepare(series);
  const lowest = toFloating(from, prep.zone) - marginMs;
  walkFrom(prep, lowest, (floating) => {
    if (floating.getTime() < lowest) return true;
    const start = fromFloating(floating, prep.zone);
    if (before && start >= before) return false;
    if (start >= from) found.push(start);
    return found.length < limit;
  });
  return found;
}

/** The last `limit` occurrence starts at or before `until` and at or after `since` (when given). */
export function occurrencesUntil(
  series: SeriesShape,
  until: Date,
  limit: number,
  since?: Date | null,
): Date[] {
  if (limit <= 0) return [];
  const prep = prepare(series);
  const highest = toFloating(until, prep.zone) + marginMs;
  const lowest = since ? toFloating(since, prep.zone) - marginMs : null;
  const within = (start: Date) => start <= until && (!since || start >= since);
  if (prep.stepped) {
    // Newest first; `limit` and the few more the margin above `until` may hold.
    const floatings: number[] = [];
    walkBack(prep.stepped, prep.until, highest, (floating) => {
      if (lowest !== null && floating < lowest) return false;
      floatings.push(floating);
      return floatings.length < limit + 8;
    });
    return floatings
      .reverse()
      .map((floating) => fromFloating(new Date(floating), prep.zone))
      .filter(within)
      .slice(-limit);
  }
  const periodMs = { DAILY: 1, WEEKLY: 7, MONTHLY: 31, YEARLY: 366 }[prep.frequency] ?? 366;
  // Look back far enough for `limit` occurrences, further each time the window falls short.
  for (let periods = 2 * (limit + 2); ; periods *= 4) {
    const anchor = highest - periods * prep.interval * periodMs * dayMs;
    const rule = ruleNear(prep, lowest === null ? anchor : Math.max(anchor, lowest));
    const buffer: Date[] = [];
    walk(rule, (floating) => {
      if (floating.getTime() > highest) return false;
      if (lowest === null || floating.getTime() >= lowest) {
        buffer.push(floating);
        if (buffer.length > limit + 8) buffer.shift();
      }
      return true;
    });
    const found = buffer
      .map((floating) => fromFloating(floating, prep.zone))
      .filter(within)
      .slice(-limit);
    const reachedStart = rule.options.dtstart.getTime() === prep.dtstart.getTime();
    const reachedSince = lowest !== null && rule.options.dtstart.getTime() <= lowest;
    if (found.length >= limit || reachedStart || reachedSince) return found;
  }
}

/** True when the series has an occurrence starting exactly at `start`. */
export function isOccurrence(series: SeriesShape, start: Date): boolean {
  return occurrencesFrom(series, start, 1, new Date(start.getTime() + 1))[0]?.getTime() === start.getTime();
}

/**
 * The series' first and last occurrence starts and how many there are; `last` is null and the
 * count infinite when the rule never ends (no COUNT or UNTIL).
 */
export function seriesBounds(series: SeriesShape): { first: Date | null; last: Date | null; count: number } {
  const parts = parseRepeatingRule(series.repeatingRule);
  const ends = Boolean(parts?.COUNT || parts?.UNTIL);
  const prep = prepare(series);
  let first: Date | null = null;
  let last: Date | null = null;
  let count = 0;
  walk(ruleNear(prep, null), (floating) => {
    last = floating;
    first ??= floating;
    count += 1;
    return ends;
  });
  const instant = (floating: Date | null) => (floating ? fromFloating(floating, prep.zone) : null);
  return {
    first: instant(first),
    last: ends ? instant(last) : null,
    count: ends ? count : Number.POSITIVE_INFINITY,
  };
}

/** How many occurrences start before `instant` (for COUNT rules, at most 1000). */
export function countBefore(series: SeriesShape, instant: Date): number {
  const prep = prepare(series);
  let count = 0;
  walk(ruleNear(prep, null), (floating) => {
    if (fromFloating(floating, prep.zone) >= instant) return false;
    count += 1;
    return true;
  });
  return count;
}

/** The rule cut so that its last occurrence starts before `instant` (COUNT becomes UNTIL). */
export function endRuleBefore(rule: string, instant: Date): string {
  const parts = parseRepeatingRule(rule);
  if (!parts) throw new Error(`repeating rule is invalid: ${rule}`);
  const { COUNT: _count, UNTIL: _until, ...rest } = parts;
  return [
    ...Object.entries(rest).map(([key, value]) => `${key}=${value}`),
    `UNTIL=${stamp(new Date(instant.getTime() - 1000))}`,
  ].join(';');
}

/** The rule with COUNT replaced (for the second half of a split series). */
export function withCount(rule: string, count: number): string {
  const parts = parseRepeatingRule(rule);
  if (!parts) throw new Error(`repeating rule is invalid: ${rule}`);
  const { COUNT: _count, ...rest } = parts;
  return [...Object.entries(rest).map(([key, value]) => `${key}=${value}`), `COUNT=${count}`].join(';');
}

/** 'YYYYMMDDTHHMMSSZ' of an instant (events lie in 1900–2200, so the year has four digits). */
export function stamp(instant: Date): string {
  const iso = instant.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** The opaque id of one occurrence: `<seriesId>_<original start stamp>`. */
export function occurrenceId(seriesId: string, originalStart: Date): string {
  return `${seriesId}_${stamp(originalStart)}`;
}

/** Splits an occurrence id; null when the id is a plain event id. */
export function parseOccurrenceId(id: string): { seriesId: string; originalStart: Date } | null {
  const match = /^([0-9a-f]{32})_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(id);
  if (!match) return null;
  const originalStart = new Date(`${match[2]}-${match[3]}-${match[4]}T${match[5]}:${match[6]}:${match[7]}Z`);
  if (Number.isNaN(originalStart.getTime())) return null;
  return { seriesId: match[1] as string, originalStart };
}
