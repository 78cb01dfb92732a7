import { buildRepeatingRule, describeRepeatingRule } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import {
  choiceWithFrequency,
  defaultUntilDay,
  parseWholeNumber,
  repeatOptionOf,
  toggleWeekDays,
} from './recurrenceChoice.ts';

describe('recurrence picker choices', () => {
  it('shows a rule beyond the picker as custom', () => {
    expect(repeatOptionOf(describeRepeatingRule('FREQ=MONTHLY;BYDAY=1MO'))).toBe('custom');
    expect(repeatOptionOf(describeRepeatingRule(null))).toBe('none');
    expect(repeatOptionOf(describeRepeatingRule('FREQ=WEEKLY;BYDAY=MO'))).toBe('weekly');
  });

  it('starts weekly on the start weekday and carries interval and end over', () => {
    const none = describeRepeatingRule(null);
    const weekly = choiceWithFrequency(none, 'weekly', 'WE');
    expect(buildRepeatingRule(weekly)).toBe('FREQ=WEEKLY;BYDAY=WE');
    const withEnd = { ...weekly, interval: 2, end: { type: 'count' as const, count: 5 } };
    expect(buildRepeatingRule(choiceWithFrequency(withEnd, 'monthly', 'WE'))).toBe(
      'FREQ=MONTHLY;INTERVAL=2;COUNT=5',
    );
    expect(buildRepeatingRule(choiceWithFrequency(withEnd, 'none', 'WE'))).toBeNull();
  });

  it('replaces a custom rule with a plain one', () => {
    expect(buildRepeatingRule(choiceWithFrequency(null, 'daily', 'MO'))).toBe('FREQ=DAILY');
  });

  it('keeps at least one weekday', () => {
    expect(toggleWeekDays(['MO'], [])).toEqual(['MO']);
    expect(toggleWeekDays(['MO'], ['MO', 'TH'])).toEqual(['MO', 'TH']);
  });

  it('reads whole numbers within the limits only', () => {
    expect(parseWholeNumber('5', 999)).toBe(5);
    expect(parseWholeNumber('0', 999)).toBeNull();
    expect(parseWholeNumber('1000', 999)).toBeNull();
    expect(parseWholeNumber('2.5', 999)).toBeNull();
    expect(parseWholeNumber('', 999)).toBeNull();
  });

  it('offers an until day a month after the start, clamped to the month', () => {
    expect(defaultUntilDay('2030-07-15')).toBe('2030-08-15');
    expect(defaultUntilDay('2030-01-31')).toBe('2030-02-28');
    expect(defaultUntilDay('2030-12-10')).toBe('2031-01-10');
  });
});
