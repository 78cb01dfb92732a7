import { describe, expect, it } from 'vitest';
import { describeEventWhen } from './eventWhen.ts';

const bucharest = { locale: 'en-GB', viewerTimeZone: 'Europe/Bucharest' };

describe('describeEventWhen', () => {
  it('shows a one-day timed event as its day and its times, without a zone in the viewer zone', () => {
    const when = describeEventWhen(
      {
        isAllDay: false,
        startDate: '2025-05-05T07:00:00.000Z',
        endDate: '2025-05-05T08:30:00.000Z',
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
      },
      bucharest,
    );
    expect(when).toEqual({
      dates: 'Mon, 5 May 2025',
      times: '10:00 – 11:30',
      timeZone: null,
      inViewerZone: null,
    });
  });

  it('shows an all-day event by its GMT days, one day or a span', () => {
    const oneDay = describeEventWhen(
      {
        isAllDay: true,
        startDate: '2025-05-05T00:00:00.000Z',
        endDate: '2025-05-05T23:59:59.999Z',
        startTimezone: 'America/New_York',
        endTimezone: 'America/New_York',
      },
      bucharest,
    );
    expect(oneDay).toEqual({ dates: 'Mon, 5 May 2025', times: null, timeZone: null, inViewerZone: null });
    const span = describeEventWhen(
      {
        isAllDay: true,
        startDate: '2025-05-05T00:00:00.000Z',
        endDate: '2025-05-07T23:59:59.999Z',
        startTimezone: 'UTC',
        endTimezone: 'UTC',
      },
      bucharest,
    );
    expect(span.dates).toBe('Mon, 5 May 2025 – Wed, 7 May 2025');
  });

  it('shows a timed event over several days with its times on both ends', () => {
    const when = describeEventWhen(
      {
        isAllDay: false,
        startDate: '2025-05-05T19:00:00.000Z',
        endDate: '2025-05-06T01:00:00.000Z',
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
      },
      bucharest,
    );
    expect(when.dates).toBe('Mon, 5 May 2025, 22:00 – Tue, 6 May 2025, 4:00');
    expect(when.times).toBeNull();
  });

  it('names the event zone and gives the viewer local time when the zones differ', () => {
    const when = describeEventWhen(
      {
        isAllDay: false,
        startDate: '2025-05-05T09:00:00.000Z',
        endDate: '2025-05-05T10:00:00.000Z',
        startTimezone: 'Europe/London',
        endTimezone: 'Europe/London',
      },
      bucharest,
    );
    expect(when).toEqual({
      dates: 'Mon, 5 May 2025',
      times: '10:00 – 11:00',
      timeZone: 'Europe/London',
      inViewerZone: 'Mon, 5 May 2025, 12:00 – 13:00',
    });
  });

  it('shows start and end zones apart when they differ', () => {
    const when = describeEventWhen(
      {
        isAllDay: false,
        startDate: '2025-05-05T09:00:00.000Z',
        endDate: '2025-05-05T12:00:00.000Z',
        startTimezone: 'Europe/London',
        endTimezone: 'Europe/Bucharest',
      },
      bucharest,
    );
    expect(when.dates).toBe('Mon, 5 May 2025, 10:00 – Mon, 5 May 2025, 15:00');
    expect(when.timeZone).toBe('Europe/London → Europe/Bucharest');
  });
});
