import { floatingToWallClock, fromWallClock, toWallClock, wallClockToFloating } from '@convene/contract';
import rrulePkg from 'rrule';
import { describe, expect, it } from 'vitest';
import {
  countBefore,
  endRuleBefore,
  isOccurrence,
  occurrenceId,
  occurrencesFrom,
  occurrencesUntil,
  parseOccurrenceId,
  type SeriesShape,
  seriesBounds,
  withCount,
} from './recurrence.ts';

const series = (overrides: Partial<SeriesShape>): SeriesShape => ({
  id: 'a'.repeat(32),
  startDate: new Date('2024-03-18T08:00:00Z'),
  isAllDay: false,
  startTimezone: 'Europe/Bucharest',
  repeatingRule: 'FREQ=WEEKLY',
  ...overrides,
});
const isoList = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('recurrence expansion', () => {
  it('keeps a weekly Bucharest meeting at 10:00 local across the spring change', () => {
    // 10:00 EET = 08:00Z until 31 March 2024, then 10:00 EEST = 07:00Z.
    const weekly = series({});
    expect(isoList(occurrencesFrom(weekly, weekly.startDate, 4))).toEqual([
      '2024-03-18T08:00:00.000Z',
      '2024-03-25T08:00:00.000Z',
      '2024-04-01T07:00:00.000Z',
      '2024-04-08T07:00:00.000Z',
    ]);
  });

  it('and back at the autumn change', () => {
    const weekly = series({ startDate: new Date('2024-10-21T07:00:00Z') });
    expect(isoList(occurrencesFrom(weekly, weekly.startDate, 2))).toEqual([
      '2024-10-21T07:00:00.000Z',
      '2024-10-28T08:00:00.000Z',
    ]);
  });

  it('keeps a daily 01:30 New York event on the fall-back night at its first 01:30', () => {
    const daily = series({
      startDate: new Date('2024-11-02T05:30:00Z'),
      startTimezone: 'America/New_York',
      repeatingRule: 'FREQ=DAILY;COUNT=3',
    });
    expect(isoList(occurrencesFrom(daily, daily.startDate, 5))).toEqual([
      '2024-11-02T05:30:00.000Z',
      '2024-11-03T05:30:00.000Z',
      '2024-11-04T06:30:00.000Z',
    ]);
  });

  it('moves a daily 02:30 New York event past the spring-forward gap', () => {
    const daily = series({
      startDate: new Date('2024-03-09T07:30:00Z'),
      startTimezone: 'America/New_York',
      repeatingRule: 'FREQ=DAILY;COUNT=3',
    });
    // 10 March 02:30 does not exist: 03:30 EDT (07:30Z).
    expect(isoList(occurrencesFrom(daily, daily.startDate, 5))).toEqual([
      '2024-03-09T07:30:00.000Z',
      '2024-03-10T07:30:00.000Z',
      '2024-03-11T06:30:00.000Z',
    ]);
  });

  it('repeats 29 February only in leap years', () => {
    const leap = series({
      startDate: new Date('2024-02-29T00:00:00Z'),
      isAllDay: true,
      startTimezone: 'Pacific/Auckland',
      repeatingRule: 'FREQ=YEARLY;COUNT=3',
    });
    expect(isoList(occurrencesFrom(leap, leap.startDate, 10))).toEqual([
      '2024-02-29T00:00:00.000Z',
      '2028-02-29T00:00:00.000Z',
      '2032-02-29T00:00:00.000Z',
    ]);
    expect(seriesBounds(leap).last?.toISOString()).toBe('2032-02-29T00:00:00.000Z');
  });

  it('keeps all-day days whatever the zone', () => {
    const allDay = series({
      startDate: new Date('2024-03-30T00:00:00Z'),
      isAllDay: true,
      startTimezone: 'America/New_York',
      repeatingRule: 'FREQ=DAILY;COUNT=3',
    });
    expect(isoList(occurrencesFrom(allDay, allDay.startDate, 3))).toEqual([
      '2024-03-30T00:00:00.000Z',
      '2024-03-31T00:00:00.000Z',
      '2024-04-01T00:00:00.000Z',
    ]);
  });

  it('reads a date-only UNTIL as the whole day, in local time', () => {
    const weekly = series({ repeatingRule: 'FREQ=WEEKLY;UNTIL=20240401' });
    expect(seriesBounds(weekly)).toMatchObject({ count: 3 });
    expect(seriesBounds(weekly).last?.toISOString()).toBe('2024-04-01T07:00:00.000Z');
  });

  it('pages forward and backward inside a window', () => {
    const weekly = series({});
    expect(
      isoList(occurrencesFrom(weekly, new Date('2024-03-26T00:00:00Z'), 2, new Date('2024-04-05T00:00:00Z'))),
    ).toEqual(['2024-04-01T07:00:00.000Z']);
    expect(isoList(occurrencesUntil(weekly, new Date('2024-04-08T07:00:00Z'), 2))).toEqual([
      '2024-04-01T07:00:00.000Z',
      '2024-04-08T07:00:00.000Z',
    ]);
    expect(occurrencesUntil(weekly, new Date('2024-03-18T07:59:59Z'), 2)).toEqual([]);
    expect(seriesBounds(weekly).last).toBeNull();
  });

  it('recognises its occurrences and splits its rule', () => {
    const weekly = series({ repeatingRule: 'FREQ=WEEKLY;COUNT=10' });
    expect(isOccurrence(weekly, new Date('2024-04-01T07:00:00Z'))).toBe(true);
    expect(isOccurrence(weekly, new Date('2024-04-01T08:00:00Z'))).toBe(false);
    const split = new Date('2024-04-08T07:00:00Z');
    expect(countBefore(weekly, split)).toBe(3);
    const head = { ...weekly, repeatingRule: endRuleBefore(weekly.repeatingRule, split) };
    expect(head.repeatingRule).toBe('FREQ=WEEKLY;UNTIL=20240408T065959Z');
    expect(seriesBounds(head).count).toBe(3);
    expect(withCount(weekly.repeatingRule, 7)).toBe('FREQ=WEEKLY;COUNT=7');
  });

  it('names occurrences with opaque ids that parse back', () => {
    const id = occurrenceId('b'.repeat(32), new Date('2024-04-01T07:00:00Z'));
    expect(id).toBe(`${'b'.repeat(32)}_20240401T070000Z`);
    expect(parseOccurrenceId(id)?.originalStart.toISOString()).toBe('2024-04-01T07:00:00.000Z');
    expect(parseOccurrenceId('b'.repeat(32))).toBeNull();
    expect(parseOccurrenceId(`${'b'.repeat(32)}_20241341T070000Z`)).toBeNull();
  });

  it.each([
    ['daily every 3 days', 'FREQ=DAILY;INTERVAL=3', '2022-01-01T09:00:00Z', '2024-03-28T00:00:00Z'],
    [
      'weekly every 2 weeks on two days',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
      '2022-01-04T09:00:00Z',
      '2024-10-20T00:00:00Z',
    ],
    ['monthly on the 31st', 'FREQ=MONTHLY', '2000-01-31T09:00:00Z', '2030-02-01T00:00:00Z'],
    ['monthly last Friday', 'FREQ=MONTHLY;BYDAY=-1FR', '2001-01-26T09:00:00Z', '2031-06-01T00:00:00Z'],
    ['yearly on 29 February', 'FREQ=YEARLY', '2000-02-29T09:00:00Z', '2090-01-01T00:00:00Z'],
  ])('re-anchors %s far from its start without changing a date', (_label, rule, start, from) => {
    const endless = series({ startDate: new Date(start), repeatingRule: rule });
    const counted = { ...endless, repeatingRule: `${rule};COUNT=1000` };
    const at = new Date(from);
    expect(isoList(occurrencesFrom(endless, at, 12))).toEqual(isoList(occurrencesFrom(counted, at, 12)));
    expect(isoList(occurrencesUntil(endless, at, 12))).toEqual(isoList(occurrencesUntil(counted, at, 12)));
    expect(occurrencesFrom(endless, at, 12)).toHaveLength(12);
  });
});

describe('daily and weekly series in closed form', () => {
  /**
   * The straightforward expansion: rrule from the series' floating start (an UNTIL instant read
   * on the zone's clock too), every occurrence turned back into an instant in the zone, the
   * first `limit` at or after `from`.
   */
  function byRrule(shape: SeriesShape, from: Date, limit: number): string[] {
    return rruleStarts(shape)
      .filter((start) => start >= from)
      .slice(0, limit)
      .map((start) => start.toISOString());
  }

  /** The same expansion's last `limit` starts at or before `until`. */
  function byRruleUntil(shape: SeriesShape, until: Date, limit: number): string[] {
    return rruleStarts(shape)
      .filter((start) => start <= until)
      .slice(-limit)
      .map((start) => start.toISOString());
  }

  /** The series' first 400 occurrence starts, by rrule alone. */
  function rruleStarts(shape: SeriesShape): Date[] {
    const zone = shape.isAllDay ? 'UTC' : shape.startTimezone;
    const floating = (instant: Date) => new Date(wallClockToFloating(toWallClock(instant, zone)));
    const dtstart = floating(shape.startDate);
    const options = rrulePkg.RRule.parseString(shape.repeatingRule);
    if (options.until) options.until = floating(options.until);
    if (!options.byweekday && options.freq === rrulePkg.RRule.WEEKLY)
      options.byweekday = [(dtstart.getUTCDay() + 6) % 7];
    return new rrulePkg.RRule({ ...options, dtstart })
      .all((_date, index) => index < 400)
      .map((date) => fromWallClock(floatingToWallClock(date.getTime()), zone));
  }

  it('gives the dates rrule gives forwards and backwards, for 200 generated rules across zones, DST changes and all-day series', () => {
    let state = 42;
    const next = (below: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((state / 2_147_483_648) * below);
    };
    const zones = ['UTC', 'Europe/Bucharest', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'];
    for (let index = 0; index < 200; index += 1) {
      const start = new Date(
        Date.UTC(2025, next(24), 1 + next(28), next(24), [0, 30, 45][next(3)] as number, [0, 17][next(2)]),
      );
      const weekly = next(2) === 0;
      const parts = [`FREQ=${weekly ? 'WEEKLY' : 'DAILY'}`];
      if (next(2)) parts.push(`INTERVAL=${1 + next(4)}`);
      if (weekly && next(2))
        parts.push(
          `BYDAY=${['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].filter(() => next(3) === 0).join(',') || 'SU'}`,
        );
      if (next(3) === 0) parts.push(`WKST=${['MO', 'SU', 'WE'][next(3)]}`);
      const end = next(4);
      if (end === 0) parts.push(`COUNT=${1 + next(40)}`);
      if (end === 1)
        parts.push(
          `UNTIL=${new Date(start.getTime() + next(120) * 86_400_000).toISOString().replace(/[-:]|\.\d{3}/g, '')}`,
        );
      const shape = series({
        startDate: start,
        isAllDay: next(5) === 0,
        startTimezone: zones[next(zones.length)] as string,
        repeatingRule: parts.join(';'),
      });
      const from = new Date(start.getTime() + (next(3) - 1) * next(150) * 86_400_000);
      const label = `${shape.repeatingRule} from ${start.toISOString()} in ${shape.startTimezone}`;
      expect([label, isoList(occurrencesFrom(shape, from, 8))]).toEqual([label, byRrule(shape, from, 8)]);
      // Backwards too (the agenda's pages before a date), with and without a lower bound.
      expect([label, isoList(occurrencesUntil(shape, from, 8))]).toEqual([
        label,
        byRruleUntil(shape, from, 8),
      ]);
      const since = new Date(from.getTime() - next(20) * 86_400_000);
      expect([label, isoList(occurrencesUntil(shape, from, 8, since))]).toEqual([
        label,
        byRruleUntil(shape, from, 8).filter((start) => start >= since.toISOString()),
      ]);
    }
  });
});
