import type { Event, EventPage } from '@convene/contract';

/** A whole event as the API answers it, for tests; `overrides` set what a test is about. */
export function buildAgendaEvent(overrides: Partial<Event> = {}): Event {
  return {
    eventId: 'e0',
    name: 'Choir rehearsal',
    description: null,
    isAllDay: false,
    isMultiDay: false,
    startDate: '2024-05-17T08:00:00.000Z',
    endDate: '2024-05-17T09:00:00.000Z',
    startTimezone: 'Europe/Bucharest',
    endTimezone: 'Europe/Bucharest',
    occurrenceDate: null,
    occurrenceId: null,
    parentId: null,
    repeatingRule: null,
    calendarId: 'c1',
    originatingCalendarId: 'c1',
    originatingCalendar: {
      calendarId: 'c1',
      name: 'Choir',
      color: '4256c1',
      visibility: 'private',
      isPersonal: false,
      userLink: null,
    },
    usersWithPermissions: [],
    owner: { userId: 'u1', name: 'Ana', imageLink: null },
    permissions: { canEdit: true, canRemove: false, canShare: true, isOwner: true },
    abilities: {
      editEvent: true,
      deleteEvent: true,
      removeEvent: false,
      shareEvent: true,
      seeInvitedAddresses: true,
      seeHiddenDetails: true,
      startStream: true,
    },
    attachments: [],
    location: { name: null, address: null, coordinates: null, radius: 50, autoAttendance: false },
    hexColor: '4256c1',
    kind: 'classic',
    rsvpType: 1,
    tags: [],
    colorSettings: { type: 'dynamic', cardColor: '4256c1' },
    extendedProperties: { shouldHideDates: false, shouldHideLocation: false },
    reminders: [],
    livestreams: { count: 0, max: 4, streams: [] },
    rsvpsStatistics: { pending: 0, attending: 1, notAttending: 0, none: 0 },
    userEventStatus: null,
    lastActionType: 'create',
    updatedAt: '2024-05-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A page of `count` events with ids `${prefix}0`…, optionally with a token. */
export function buildAgendaPage(prefix: string, count: number, nextPageToken?: string): EventPage {
  const items = Array.from({ length: count }, (_, index) =>
    buildAgendaEvent({ eventId: `${prefix}${index}` }),
  );
  return nextPageToken ? { items, nextPageToken } : { items };
}
