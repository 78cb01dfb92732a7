import type { Event } from '@convene/contract';
import { buildAgendaEvent } from '../agendaTestEvents.ts';

/** An event as the API answers it, for the form's unit tests: one with every field filled. */
export function buildEvent(overrides: Partial<Event> = {}): Event {
  return buildAgendaEvent({
    eventId: 'e1',
    name: 'Team sync',
    description: 'Agenda',
    startDate: '2030-07-01T07:00:00.000Z',
    endDate: '2030-07-01T08:00:00.000Z',
    calendarId: 'personal',
    originatingCalendarId: 'team',
    originatingCalendar: {
      calendarId: 'team',
      name: 'Team',
      color: '4256c1',
      visibility: 'private',
      isPersonal: false,
      userLink: null,
    },
    attachments: [
      { type: 'text', data: { text: 'Agenda' } },
      { type: 'video', data: { url: 'https://youtu.be/dQw4w9WgXcQ' } },
    ],
    location: {
      name: 'Hall',
      address: 'Main St 1',
      coordinates: '44.43,26.1',
      radius: 80,
      autoAttendance: true,
    },
    tags: ['work'],
    reminders: [{ fireInterval: 900 }, { fireInterval: 86_400 }],
    updatedAt: '2030-06-01T00:00:00.000Z',
    ...overrides,
  });
}
