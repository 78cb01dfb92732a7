import { describe, expect, it } from 'vitest';
import {
  allDaySpan,
  changeEnd,
  changeStart,
  changeTimezone,
  defaultNewEvent,
  type EventDates,
  hasAcceptedEnd,
  isEndAccepted,
  isMultiDay,
  nextFullHour,
  toggleAllDay,
  toSubmittedDates,
} from './eventDates.ts';
import {
  floatingToInstant,
  fromWallClock,
  instantToFloating,
  isValidTimeZone,
  toWallClock,
  wallClockToFloating,
} from './zonedTime.ts';

const wall = (year: number, month: number, day: number, hour: number, minute = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
  second: 0,
  millisecond: 0,
});

describe('wall clocks in time zones', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isValidTimeZone('Europe/Bucharest')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('reads Bucharest winter and summer time', () => {
    expect(toWallClock(Date.parse('2024-01-15T10:00:00Z'), 'Europe/Bucharest').hour).toBe(12);
    expect(toWallClock(Date.parse('2024-07-15T10:00:00Z'), 'Europe/Bucharest').hour).toBe(13);
  });

  it('moves a time in the spring-forward gap forward by the gap (Bucharest, 31 March 2024)', () => {
    // 03:00 EET jumps to 04:00 EEST; 03:30 does not exist and becomes 04:30 EEST.
    expect(fromWallClock(wall(2024, 3, 31, 3, 30), 'Europe/Bucharest').toISOString()).toBe(
      '2024-03-31T01:30:00.000Z',
    );
    expect(fromWallClock(wall(2024, 3, 31, 2, 30), 'Europe/Bucharest').toISOString()).toBe(
      '2024-03-31T00:30:00.000Z',
    );
  });

  it('takes the earlier of a repeated time (New York, 3 November 2024)', () => {
    // 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(fromWallClock(wall(2024, 11, 3, 1, 30), 'America/New_York').toISOString()).toBe(
      '2024-11-03T05:30:00.000Z',
    );
    expect(fromWallClock(wall(2024, 11, 3, 3, 0), 'America/New_York').toISOString()).toBe(
      '2024-11-03T08:00:00.000Z',
    );
  });

  it('turns instants into floating times and back, every quarter hour of a year, in four zones', () => {
    // Lord Howe moves its clocks by half an hour; Kathmandu is 5:45 ahead all year.
    const zones = ['Europe/Bucharest', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    const from = Date.parse('2024-01-01T00:00:00Z');
    const wrong: string[] = [];
    const repeated: string[] = [];
    for (const zone of zones) {
      for (let instant = from; instant < from + 366 * 86_400_000; instant += 900_000) {
        const floating = instantToFloating(instant, zone);
        if (floating !== wallClockToFloating(toWallClock(instant, zone))) wrong.push(`${zone} ${instant}`);
        const back = floatingToInstant(floating, zone);
        // A wall time that happens twice names its earlier instant.
        if (back !== instant) {
          if (back > instant || instantToFloating(back, zone) !== floating)
            wrong.push(`${zone} ${instant} back`);
          repeated.push(`${zone} ${new Date(instant).toISOString()}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The later pass of each autumn's repeated hour (half hour at Lord Howe), by quarter hours.
    expect(repeated).toEqual([
      'Europe/Bucharest 2024-10-27T01:00:00.000Z',
      'Europe/Bucharest 2024-10-27T01:15:00.000Z',
      'Europe/Bucharest 2024-10-27T01:30:00.000Z',
      'Europe/Bucharest 2024-10-27T01:45:00.000Z',
      'America/New_York 2024-11-03T06:00:00.000Z',
      'America/New_York 2024-11-03T06:15:00.000Z',
      'America/New_York 2024-11-03T06:30:00.000Z',
      'America/New_York 2024-11-03T06:45:00.000Z',
      'Australia/Lord_Howe 2024-04-06T15:00:00.000Z',
      'Australia/Lord_Howe 2024-04-06T15:15:00.000Z',
    ]);
  });
});

describe('default new event', () => {
  it('starts at the next full hour and lasts one hour in the local zone', () => {
    expect(defaultNewEvent(Date.parse('2024-05-10T09:20:00Z'), 'Europe/Bucharest')).toEqual({
      isAllDay: false,
      startDate: '2024-05-10T10:00:00.000Z',
      endDate: '2024-05-10T11:00:00.000Z',
      startTimezone: 'Europe/Bucharest',
      endTimezone: 'Europe/Bucharest',
    });
  });

  it('on the hour exactly, takes the next one', () => {
    expect(nextFullHour(Date.parse('2024-05-10T10:00:00Z'), 'UTC').toISOString()).toBe(
      '2024-05-10T11:00:00.000Z',
    );
  });

  it('uses local full hours in zones with half-hour offsets', () => {
    // 09:40 in Kolkata (+05:30) → 10:00 local = 04:30Z.
    expect(nextFullHour(Date.parse('2024-05-10T04:10:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2024-05-10T04:30:00.000Z',
    );
  });

  it('skips the missing hour on the spring-forward night (Bucharest)', () => {
    // 02:30 EET → the next full hour on the clock is 04:00 EEST (01:00Z).
    const dates = defaultNewEvent(Date.parse('2024-03-31T00:30:00Z'), 'Europe/Bucharest');
    expect(dates.startDate).toBe('2024-03-31T01:00:00.000Z');
    expect(dates.endDate).toBe('2024-03-31T02:00:00.000Z');
  });

  it('finds the repeated hour on the fall-back night (New York)', () => {
    // 01:30 EDT (05:30Z) → 01:00 EST (06:00Z) is the next full hour on the clock.
    const dates = defaultNewEvent(Date.parse('2024-11-03T05:30:00Z'), 'America/New_York');
    expect(dates.startDate).toBe('2024-11-03T06:00:00.000Z');
    expect(dates.endDate).toBe('2024-11-03T07:00:00.000Z');
  });
});

describe('all-day spans', () => {
  it('spans the start of the start day to the end of the end day in GMT', () => {
    expect(allDaySpan('2024-02-28', '2024-03-01')).toEqual({
      startDate: '2024-02-28T00:00:00.000Z',
      endDate: '2024-03-01T23:59:59.999Z',
    });
  });

  it('uses the days each picker shows, whatever the zone (Auckland and Honolulu)', () => {
    // 2024-06-01 08:00 in Auckland is still 31 May in UTC; the day shown is the one sent.
    const dates: EventDates = {
      isAllDay: true,
      startDate: '2024-05-31T20:00:00.000Z',
      endDate: '2024-06-02T09:00:00.000Z',
      startTimezone: 'Pacific/Auckland',
      endTimezone: 'Pacific/Honolulu',
    };
    // End: 2024-06-01 23:00 in Honolulu.
    expect(toSubmittedDates(dates)).toMatchObject({
      startDate: '2024-06-01T00:00:00.000Z',
      endDate: '2024-06-01T23:59:59.999Z',
    });
  });

  it('never ends before it starts and refuses non-dates', () => {
    expect(allDaySpan('2024-03-05', '2024-03-01').endDate).toBe('2024-03-05T23:59:59.999Z');
    expect(() => allDaySpan('2024-02-30', '2024-03-01')).toThrow(RangeError);
  });

  it('is multi-day only when the days differ', () => {
    const day = allDaySpan('2024-02-29', '2024-02-29');
    expect(isMultiDay({ isAllDay: true, startTimezone: 'UTC', ...day })).toBe(false);
    expect(
      isMultiDay({ isAllDay: true, startTimezone: 'UTC', ...allDaySpan('2024-02-29', '2024-03-01') }),
    ).toBe(true);
    const untilMidnight = {
      isAllDay: false,
      startDate: '2024-05-10T20:00:00.000Z',
      endDate: '2024-05-10T21:00:00.000Z',
      startTimezone: 'Europe/Bucharest',
    };
    expect(isMultiDay(untilMidnight)).toBe(false);
    expect(isMultiDay({ ...untilMidnight, endDate: '2024-05-10T21:30:00.000Z' })).toBe(true);
  });
});

describe('editing dates', () => {
  const base: EventDates = {
    isAllDay: false,
    startDate: '2024-03-30T10:00:00.000Z',
    endDate: '2024-03-30T12:30:00.000Z',
    startTimezone: 'Europe/Bucharest',
    endTimezone: 'Europe/Bucharest',
  };

  it('keeps the duration when the start moves, across a DST change', () => {
    const moved = changeStart(base, '2024-03-31T10:00:00.000Z');
    expect(moved.endDate).toBe('2024-03-31T12:30:00.000Z');
  });

  it('accepts a timed end only after the start', () => {
    expect(isEndAccepted(base, '2024-03-30T10:00:00.000Z')).toBe(false);
    expect(isEndAccepted(base, '2024-03-30T10:01:00.000Z')).toBe(true);
  });

  it('keeps an end exactly as entered, even one that is not accepted (the form then refuses to save)', () => {
    const early = changeEnd(base, '2024-03-30T09:00:00.000Z');
    expect(early.endDate).toBe('2024-03-30T09:00:00.000Z');
    expect(hasAcceptedEnd(early)).toBe(false);
    const later = changeEnd(early, '2024-03-30T10:01:00.000Z');
    expect(later.endDate).toBe('2024-03-30T10:01:00.000Z');
    expect(hasAcceptedEnd(later)).toBe(true);
  });

  it('leaves an end that is not accepted where it is when the start moves', () => {
    const early = changeEnd(base, '2024-03-30T09:00:00.000Z');
    const moved = changeStart(early, '2024-03-30T08:00:00.000Z');
    expect(moved).toMatchObject({
      startDate: '2024-03-30T08:00:00.000Z',
      endDate: '2024-03-30T09:00:00.000Z',
    });
    expect(hasAcceptedEnd(moved)).toBe(true);
  });

  it('accepts an all-day end on the start day', () => {
    const allDay = { ...base, isAllDay: true, ...allDaySpan('2024-03-30', '2024-03-30') };
    expect(isEndAccepted(allDay, '2024-03-30T00:00:00.000Z')).toBe(true);
    expect(isEndAccepted(allDay, '2024-03-29T12:00:00.000Z')).toBe(false);
  });

  it('moves the end zone with the start zone while both were the same, keeping the length', () => {
    // 12:00–14:30 in Bucharest becomes 12:00–14:30 in New York, not a one-minute event.
    const changed = changeTimezone(base, 'start', 'America/New_York');
    expect(changed).toEqual({
      ...base,
      startDate: '2024-03-30T16:00:00.000Z',
      endDate: '2024-03-30T18:30:00.000Z',
      startTimezone: 'America/New_York',
      endTimezone: 'America/New_York',
    });
  });

  it('keeps an end zone set apart, and nudges the end past a start that now falls after it', () => {
    const apart = { ...base, endTimezone: 'Europe/London' };
    // 12:00 Bucharest (10:00Z) becomes 12:00 New York (16:00Z), after the 13:30 London (12:30Z) end.
    const changed = changeTimezone(apart, 'start', 'America/New_York');
    expect(changed.startDate).toBe('2024-03-30T16:00:00.000Z');
    expect(changed.endTimezone).toBe('Europe/London');
    expect(changed.endDate).toBe('2024-03-30T16:01:00.000Z');
    // A start zone to the east moves the start earlier: the end stays as it was.
    const east = changeTimezone(apart, 'start', 'Asia/Tokyo');
    expect(east.startDate).toBe('2024-03-30T03:00:00.000Z');
    expect(east.endDate).toBe(apart.endDate);
  });

  it('leaves the end alone when the start stays before it', () => {
    const changed = changeTimezone(base, 'end', 'America/New_York');
    // 14:30 Bucharest wall time read in New York (EDT) is 18:30Z.
    expect(changed.endDate).toBe('2024-03-30T18:30:00.000Z');
    expect(changed.endTimezone).toBe('America/New_York');
    expect(changed.startDate).toBe(base.startDate);
    expect(changed.startTimezone).toBe(base.startTimezone);
  });

  it('toggling all-day resets both times and zones to the local ones', () => {
    const now = Date.parse('2024-03-20T07:10:00Z'); // 09:10 in Bucharest
    const toggled = toggleAllDay(
      { ...base, startTimezone: 'Asia/Tokyo', endTimezone: 'Asia/Tokyo' },
      now,
      'Europe/Bucharest',
    );
    expect(toggled.isAllDay).toBe(true);
    expect(toggled.startTimezone).toBe('Europe/Bucharest');
    expect(toggled.endTimezone).toBe('Europe/Bucharest');
    // The start's day in Tokyo is 30 March; 10:00 on 30 March in Bucharest is 08:00Z.
    expect(toggled.startDate).toBe('2024-03-30T08:00:00.000Z');
    expect(toggled.endDate).toBe('2024-03-30T09:00:00.000Z');
    expect(toggleAllDay(toggled, now, 'Europe/Bucharest').isAllDay).toBe(false);
  });

  it('toggling keeps a multi-day span on its days', () => {
    const now = Date.parse('2024-03-20T07:10:00Z');
    const long = { ...base, endDate: '2024-04-02T12:00:00.000Z' };
    const toggled = toggleAllDay(long, now, 'Europe/Bucharest');
    // 2 April is after the spring change: 11:00 EEST is 08:00Z.
    expect(toggled.endDate).toBe('2024-04-02T08:00:00.000Z');
  });
});
