import type { Notification, NotificationType } from '@convene/contract';

/** A notification as the history answers it, with every name filled in (tests only). */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    notificationId: 'n1',
    notificationType: 'shareCalendar' satisfies NotificationType,
    sender: { userId: 'u1', name: 'Ana Pop', imageLink: null },
    initiator: { userId: 'u1', name: 'Ana Pop', imageLink: null },
    status: null,
    hasBeenRead: false,
    actionDate: '2026-03-10T12:00:00.000Z',
    token: null,
    payload: {
      requiresRSVP: false,
      permissions: { canView: true },
      initiator: null,
      target: { userId: 'u2', name: 'Ion Ionescu', email: 'ion@example.com' },
      changes: null,
    },
    rsvpId: null,
    event: {
      eventId: 'e1',
      name: 'Board meeting',
      startDate: '2026-03-14T16:30:00.000Z',
      endDate: '2026-03-14T17:30:00.000Z',
      timezone: 'Europe/Bucharest',
      isAllDay: false,
      kind: 'event',
    },
    calendar: { calendarId: 'c1', name: 'Team', color: '#4256c1', visibility: 'private' },
    details: null,
    ...overrides,
  };
}
