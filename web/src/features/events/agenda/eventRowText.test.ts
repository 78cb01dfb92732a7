import { describe, expect, it } from 'vitest';
import { buildAgendaEvent } from '../agendaTestEvents.ts';
import {
  calendarColor,
  dayRelation,
  eventColor,
  eventPlace,
  formatDate,
  formatFullDay,
  formatTimeRange,
  formatWeekday,
  isOccurrence,
  rsvpLabelKey,
} from './eventRowText.ts';

describe('day headers', () => {
  it('names the days from yesterday to the day after tomorrow, and no others', () => {
    expect(dayRelation('2024-05-16', '2024-05-17')).toBe('yesterday');
    expect(dayRelation('2024-05-17', '2024-05-17')).toBe('today');
    expect(dayRelation('2024-05-18', '2024-05-17')).toBe('tomorrow');
    expect(dayRelation('2024-05-19', '2024-05-17')).toBe('inTwoDays');
    expect(dayRelation('2024-05-20', '2024-05-17')).toBeNull();
    expect(dayRelation('2024-05-15', '2024-05-17')).toBeNull();
    expect(dayRelation('2025-01-01', '2024-12-31')).toBe('tomorrow');
  });

  it('writes dates in the language', () => {
    expect(formatFullDay('2024-05-17', 'en')).toBe('Friday, May 17, 2024');
    expect(formatFullDay('2024-05-17', 'ro')).toBe('Vineri, 17 mai 2024');
    expect(formatWeekday('2024-05-19', 'en-US')).toBe('Sunday');
    expect(formatWeekday('2024-05-19', 'ro-RO')).toBe('Duminică');
    expect(formatDate('2024-05-19', 'ro')).toBe('19 mai 2024');
  });
});

describe('row texts', () => {
  it('shows a timed event in the viewer zone, with dates when it spans days', () => {
    const event = buildAgendaEvent({
      startDate: '2024-05-17T07:00:00.000Z',
      endDate: '2024-05-17T08:30:00.000Z',
    });
    expect(formatTimeRange(event, 'en', 'Europe/Bucharest')).toEqual({
      isAllDay: false,
      text: '10:00 AM – 11:30 AM',
    });
    expect(formatTimeRange(event, 'ro', 'Europe/Bucharest')).toEqual({
      isAllDay: false,
      text: '10:00 – 11:30',
    });
    const late = { ...event, startDate: '2024-05-17T19:00:00.000Z', endDate: '2024-05-17T22:00:00.000Z' };
    expect(formatTimeRange(late, 'ro', 'Europe/Bucharest').text).toBe('17 mai, 22:00 – 18 mai, 1:00');
    const toMidnight = {
      ...event,
      startDate: '2024-05-17T18:00:00.000Z',
      endDate: '2024-05-17T21:00:00.000Z',
    };
    expect(formatTimeRange(toMidnight, 'en', 'Europe/Bucharest').text).toBe('9:00 PM – 12:00 AM');
  });

  it('shows all-day events by their GMT days, the dates only when more than one', () => {
    const one = buildAgendaEvent({
      isAllDay: true,
      startDate: '2024-05-17T00:00:00.000Z',
      endDate: '2024-05-17T23:59:59.999Z',
    });
    expect(formatTimeRange(one, 'en', 'America/New_York')).toEqual({ isAllDay: true, text: '' });
    const three = { ...one, endDate: '2024-05-19T23:59:59.999Z' };
    expect(formatTimeRange(three, 'en', 'Pacific/Kiritimati')).toEqual({
      isAllDay: true,
      text: '17 May – 19 May',
    });
  });

  it('colours a row by its manual card colour, else its hex colour', () => {
    expect(eventColor(buildAgendaEvent({ hexColor: 'E53935' }))).toBe('#e53935');
    expect(
      eventColor(
        buildAgendaEvent({ hexColor: 'e53935', colorSettings: { type: 'manual', cardColor: '00ff00' } }),
      ),
    ).toBe('#00ff00');
    expect(eventColor(buildAgendaEvent({ hexColor: 'nonsense' }))).toBe('#4256c1');
  });

  it('shows the place by name, else address, unless hidden', () => {
    const location = { name: null, address: null, coordinates: null, radius: 50, autoAttendance: false };
    expect(eventPlace(buildAgendaEvent({ location }))).toBeNull();
    expect(eventPlace(buildAgendaEvent({ location: { ...location, address: 'Str. Lungă 3' } }))).toBe(
      'Str. Lungă 3',
    );
    expect(
      eventPlace(buildAgendaEvent({ location: { ...location, name: 'Ateneu', address: 'Str. Lungă 3' } })),
    ).toBe('Ateneu');
    expect(
      eventPlace(
        buildAgendaEvent({
          location: { ...location, name: 'Ateneu' },
          extendedProperties: { shouldHideDates: false, shouldHideLocation: true },
        }),
      ),
    ).toBeNull();
  });

  it("shows the viewer's RSVP and marks occurrences", () => {
    // Not answered yet: in the loop, as opening the event records.
    expect(rsvpLabelKey(buildAgendaEvent())).toBe('rsvp.inTheLoop');
    const statuses = { rsvp: 'attending', attendance: 'unknown' } as const;
    expect(rsvpLabelKey(buildAgendaEvent({ userEventStatus: { userEventStatusId: 'r', statuses } }))).toBe(
      'rsvp.going',
    );
    expect(
      rsvpLabelKey(
        buildAgendaEvent({
          userEventStatus: { userEventStatusId: 'r', statuses: { ...statuses, rsvp: 'none' } },
        }),
      ),
    ).toBe('rsvp.inTheLoop');
    expect(calendarColor(buildAgendaEvent())).toBe('#4256c1');
    const red = buildAgendaEvent();
    expect(calendarColor({ originatingCalendar: { ...red.originatingCalendar, color: '#D32F2F' } })).toBe(
      '#d32f2f',
    );
    expect(isOccurrence(buildAgendaEvent())).toBe(false);
    expect(isOccurrence(buildAgendaEvent({ parentId: 's1' }))).toBe(true);
  });
});
