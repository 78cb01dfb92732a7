import { describe, expect, it } from 'vitest';
import { formatActionDate, formatEventTime, formatFullDate } from './activityDates.ts';

const now = new Date('2026-03-10T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
const daysAgo = (days: number) => minutesAgo(days * 24 * 60);

describe('formatActionDate', () => {
  it('is relative under 7 days, in English and Romanian', () => {
    expect(formatActionDate(minutesAgo(5), now, 'en')).toBe('5 minutes ago');
    expect(formatActionDate(minutesAgo(5), now, 'ro')).toBe('acum 5 minute');
    expect(formatActionDate(minutesAgo(120), now, 'en')).toBe('2 hours ago');
    expect(formatActionDate(daysAgo(3), now, 'en')).toBe('3 days ago');
    expect(formatActionDate(daysAgo(3), now, 'ro')).toBe('acum 3 zile');
    expect(formatActionDate(daysAgo(6.9), now, 'en')).toBe('7 days ago');
  });

  it("is 'ddd DD MMM YY' from 7 days on", () => {
    expect(formatActionDate('2026-03-03T12:00:00Z', now, 'en')).toBe('Tue 03 Mar 26');
    expect(formatActionDate('2025-12-25T09:00:00Z', now, 'en')).toBe('Thu 25 Dec 25');
    expect(formatActionDate('2025-12-25T09:00:00Z', now, 'ro-RO')).toMatch(/^Joi 25 Dec\.? 25$/);
  });

  it('reads a date slightly in the future as now', () => {
    expect(formatActionDate(minutesAgo(-1), now, 'en')).toBe('a few seconds ago');
  });
});

describe('formatEventTime', () => {
  it("shows 'h:mmA ddd DD MMM' in the given time zone", () => {
    const event = { startDate: '2026-03-14T16:30:00Z', isAllDay: false };
    expect(formatEventTime(event, 'en', 'UTC')).toBe('4:30PM Sat 14 Mar');
    expect(formatEventTime(event, 'en', 'Europe/Bucharest')).toBe('6:30PM Sat 14 Mar');
    expect(formatEventTime(event, 'ro', 'Europe/Bucharest')).toBe('6:30PM Sâm 14 Mart.');
  });

  it('shows all-day events by their GMT date alone', () => {
    const event = { startDate: '2026-03-14T00:00:00Z', isAllDay: true };
    expect(formatEventTime(event, 'en')).toBe('Sat 14 Mar');
    expect(formatEventTime(event, 'en', 'America/New_York')).toBe('Sat 14 Mar');
  });
});

describe('formatFullDate', () => {
  it('gives the full date and time', () => {
    expect(formatFullDate('2026-03-14T16:30:00Z', 'en', 'UTC')).toBe('4:30PM Sat 14 Mar 2026');
  });
});
