import type { Calendar } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { defaultEventCalendar, eventFormCalendars } from './eventCalendars.ts';

function calendar(calendarId: string, name: string, options: Partial<Calendar> = {}): Calendar {
  return {
    calendarId,
    name,
    isPersonal: false,
    currentUser: null,
    calendarLink: null,
    defaultPermissions: { canView: true, canAdd: false, canEdit: false, canShare: false },
    abilities: { addEvent: false, edit: false },
    ...options,
  } as Calendar;
}

// What the server's calendar policy sends a member who may add events (and perhaps edit them).
const member = (addEvent: boolean, edit: boolean) => ({ abilities: { addEvent, edit } }) as Partial<Calendar>;

describe('calendars of the event form', () => {
  const list = [
    calendar('c1', 'zebra club', member(true, true)),
    calendar('c2', 'Book club', member(true, false)),
    calendar('c3', 'Viewers only', member(false, false)),
    calendar('me', 'Me', { isPersonal: true, ...member(true, true) }),
    calendar('c4', 'alpha team', member(true, true)),
    // A stranger gets no ability however generous the defaults (the policy says so).
    calendar('c5', 'Public, not joined', {
      defaultPermissions: { canView: true, canAdd: true, canEdit: true, canShare: false },
    }),
  ];

  it('puts the personal calendar first, then editable ones, then add-only ones, each by name', () => {
    expect(eventFormCalendars(list).map((choice) => choice.calendarId)).toEqual(['me', 'c4', 'c1', 'c2']);
  });

  it('keeps the calendar an edited event is in even without canAdd', () => {
    expect(eventFormCalendars(list, 'c3').map((choice) => choice.calendarId)).toEqual([
      'me',
      'c4',
      'c1',
      'c2',
      'c3',
    ]);
  });

  it('answers id, name and whether it is personal', () => {
    expect(eventFormCalendars(list)[0]).toEqual({ calendarId: 'me', name: 'Me', isPersonal: true });
  });

  it('starts a new event in the asked calendar when offered, else the personal one', () => {
    const choices = eventFormCalendars(list);
    expect(defaultEventCalendar(choices, 'c2')).toBe('c2');
    expect(defaultEventCalendar(choices, 'c3')).toBe('me');
    expect(defaultEventCalendar(choices, null)).toBe('me');
    expect(defaultEventCalendar(choices.slice(1))).toBe('c4');
    expect(defaultEventCalendar([])).toBe('');
  });
});
