import { describe, expect, it } from 'vitest';
import { buildEvent } from './eventFormFixtures.ts';
import { readEventFormState } from './eventFormState.ts';

describe('event form router state', () => {
  it('reads nothing from no state', () => {
    expect(readEventFormState(null)).toEqual({ from: null, calendarId: null, meetUser: null, event: null });
  });

  it('reads the calendar, the other person of a meet-up and where to return', () => {
    expect(
      readEventFormState({
        from: '/calendars/c1/events',
        calendarId: 'c1',
        meetUser: { userId: 'u2', name: 'Ion' },
      }),
    ).toEqual({
      from: '/calendars/c1/events',
      calendarId: 'c1',
      meetUser: { userId: 'u2', name: 'Ion' },
      event: null,
    });
  });

  it('reads a passed event only when it is a whole event', () => {
    const event = buildEvent();
    expect(readEventFormState({ event }).event).toEqual(event);
    expect(readEventFormState({ event: { eventId: 'e1' } }).event).toBeNull();
  });

  it('ignores a return path to another site and a meet-up without a name', () => {
    expect(readEventFormState({ from: '//evil.example', meetUser: { userId: 'u2' } })).toMatchObject({
      from: null,
      meetUser: null,
    });
  });
});
