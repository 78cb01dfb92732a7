import type { Notification } from '@convene/contract';
import { eventPath } from '@convene/contract';

/** Where a card leads: a screen, nowhere, or a place the viewer may not open. */
export type CardTarget = { kind: 'link'; path: string } | { kind: 'forbidden' } | { kind: 'none' };

/** The calendar page path: its events tab. */
export function calendarPath(calendarId: string): string {
  return `/calendars/${calendarId}/events`;
}

/**
 * Where a notification card leads (PRODUCT.md §2.6): its event, else its calendar — only when
 * payload.permissions.canView; otherwise clicking tells the viewer they cannot access it.
 */
export function notificationTarget(notification: Notification): CardTarget {
  const { event, calendar } = notification;
  if (!event && !calendar) return { kind: 'none' };
  if (!notification.payload.permissions.canView) return { kind: 'forbidden' };
  if (event) return { kind: 'link', path: eventPath(event.name, event.eventId) };
  if (calendar) return { kind: 'link', path: calendarPath(calendar.calendarId) };
  return { kind: 'none' };
}
