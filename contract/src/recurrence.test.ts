import { describe, expect, it } from 'vitest';
import {
  buildRepeatingRule,
  describeRepeatingRule,
  normalizeRepeatingRule,
  parseRepeatingRule,
  repeatingRule,
  untilDate,
} from './recurrence.ts';

describe('repeating rules', () => {
  it('accepts and normalises the rules a calendar needs', () => {
    expect(normalizeRepeatingRule('RRULE:freq=weekly;byday=MO,WE;count=10')).toBe(
      'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10',
    );
    expect(normalizeRepeatingRule('FREQ=MONTHLY;BYDAY=2TU;UNTIL=20241231T230000Z')).toBe(
      'FREQ=MONTHLY;BYDAY=2TU;UNTIL=20241231T230000Z',
    );
    expect(normalizeRepeatingRule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1')).toBe(
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1',
    );
    expect(normalizeRepeatingRule('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1')).not.toBeNull();
  });

  it.each([
    ['no frequency', 'COUNT=3'],
    ['an hourly rule (too costly to expand)', 'FREQ=HOURLY'],
    ['both COUNT and UNTIL', 'FREQ=DAILY;COUNT=3;UNTIL=20250101'],
    ['a COUNT that is not a number', 'FREQ=DAILY;COUNT=abc'],
    ['a COUNT over 1000', 'FREQ=DAILY;COUNT=1001'],
    ['an impossible UNTIL', 'FREQ=DAILY;UNTIL=20230229'],
    ['an ordinal weekday in a weekly rule', 'FREQ=WEEKLY;BYDAY=2MO'],
    ['an unknown part', 'FREQ=DAILY;X-FOO=1'],
    ['a repeated part', 'FREQ=DAILY;FREQ=WEEKLY'],
    ['a DTSTART', 'DTSTART:20240101T000000Z\nRRULE:FREQ=DAILY'],
    ['BYSETPOS alone', 'FREQ=MONTHLY;BYSETPOS=1'],
  ])('refuses %s', (_label, rule) => {
    expect(parseRepeatingRule(rule)).toBeNull();
    expect(repeatingRule.safeParse(rule).success).toBe(false);
  });

  it('reads UNTIL as a date or a UTC instant', () => {
    expect(untilDate('20240229')).toEqual({ date: '2024-02-29', isDateOnly: true });
    expect(untilDate('20240301T120000Z')).toEqual({ date: '2024-03-01T12:00:00Z', isDateOnly: false });
    expect(untilDate('20240301T250000Z')).toBeNull();
  });

  it('builds the picker choices and reads them back', () => {
    const weekly = {
      frequency: 'weekly' as const,
      interval: 2,
      weekDays: ['WE' as const, 'MO' as const],
      end: { type: 'until' as const, date: '2024-12-31' },
    };
    const rule = buildRepeatingRule(weekly);
    expect(rule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20241231');
    expect(describeRepeatingRule(rule)).toEqual({ ...weekly, weekDays: ['MO', 'WE'] });
    expect(
      buildRepeatingRule({ frequency: 'none', interval: 1, weekDays: [], end: { type: 'never' } }),
    ).toBeNull();
    expect(
      describeRepeatingRule(
        buildRepeatingRule({
          frequency: 'yearly',
          interval: 1,
          weekDays: [],
          end: { type: 'count', count: 5 },
        }),
      ),
    ).toEqual({ frequency: 'yearly', interval: 1, weekDays: [], end: { type: 'count', count: 5 } });
    expect(describeRepeatingRule(null)?.frequency).toBe('none');
    expect(describeRepeatingRule('FREQ=MONTHLY;BYDAY=2TU')).toBeNull();
  });
});
