import { describe, expect, it } from 'vitest';
import { fromPickerValue, isPickableDay, toPickerValue, weekDayOf } from './eventFormDates.ts';

describe('picker text and instants', () => {
  it('shows an instant as the date and time of the chosen zone', () => {
    expect(toPickerValue('2030-07-01T07:30:00.000Z', 'Europe/Bucharest')).toEqual({
      date: '2030-07-01',
      time: '10:30',
    });
    expect(toPickerValue('2030-07-01T02:00:00.000Z', 'America/New_York')).toEqual({
      date: '2030-06-30',
      time: '22:00',
    });
  });

  it('reads the pickers back as the instant in that zone', () => {
    expect(fromPickerValue({ date: '2030-07-01', time: '10:30' }, 'Europe/Bucharest')).toBe(
      '2030-07-01T07:30:00.000Z',
    );
    expect(fromPickerValue({ date: '2030-01-15', time: '10:30' }, 'Europe/Bucharest')).toBe(
      '2030-01-15T08:30:00.000Z',
    );
  });

  it('round-trips across zones', () => {
    const instant = '2031-03-09T15:45:00.000Z';
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/Los_Angeles', 'Australia/Adelaide']) {
      expect(fromPickerValue(toPickerValue(instant, zone), zone)).toBe(instant);
    }
  });

  it('moves a time in the spring-forward gap past it', () => {
    expect(fromPickerValue({ date: '2030-03-31', time: '03:30' }, 'Europe/Bucharest')).toBe(
      '2030-03-31T01:30:00.000Z',
    );
  });

  it('answers null while a picker is empty or not a real date or time', () => {
    expect(fromPickerValue({ date: '', time: '10:00' }, 'UTC')).toBeNull();
    expect(fromPickerValue({ date: '2030-02-30', time: '10:00' }, 'UTC')).toBeNull();
    expect(fromPickerValue({ date: '2030-02-03', time: '' }, 'UTC')).toBeNull();
    expect(fromPickerValue({ date: '2030-02-03', time: '25:00' }, 'UTC')).toBeNull();
  });

  it('does not take a year that is still being typed (0002, 0202) or lies outside 1900–2199', () => {
    for (const date of ['0002-12-01', '0202-12-01', '1899-12-31', '2200-01-01']) {
      expect(isPickableDay(date)).toBe(false);
      expect(fromPickerValue({ date, time: '10:00' }, 'UTC')).toBeNull();
    }
    expect(isPickableDay('1900-01-01')).toBe(true);
    expect(isPickableDay('2199-12-31')).toBe(true);
  });

  it('names the weekday of the start in its zone', () => {
    expect(weekDayOf('2030-07-01T22:30:00.000Z', 'UTC')).toBe('MO');
    expect(weekDayOf('2030-07-01T22:30:00.000Z', 'Europe/Bucharest')).toBe('TU');
  });
});
