import { describe, expect, it } from 'vitest';
import type { notifications } from '../../db/schema/index.ts';
import { pushMessageFor } from './notifications.texts.ts';

type Row = typeof notifications.$inferSelect;

/** A stored notification of the given type about the calendar "Choir". */
function calendarNotice(type: string, changes: Record<string, unknown> | null = null): Row {
  return {
    id: 'n1',
    recipientId: 'u1',
    type,
    senderId: 'u2',
    initiatorId: 'u2',
    status: null,
    hasBeenRead: false,
    actionDate: new Date('2030-01-01T10:00:00.000Z'),
    payload: { requiresRSVP: false, permissions: { canView: true }, initiator: null, target: null, changes },
    rsvpId: null,
    calendarId: 'c1',
    eventId: null,
    event: null,
    calendar: { calendarId: 'c1', name: 'Choir', color: '#4256c1', visibility: 'private' },
    details: null,
  };
}

describe('push texts of calendar people', () => {
  it.each([
    ['calendarChanged', { role: 'manager' }, 'en', 'Bogdan made you a manager of the calendar Choir'],
    ['calendarChanged', { role: 'admin' }, 'ro', 'Bogdan te-a făcut administrator în calendarul Choir'],
    ['calendarChanged', { role: 'member' }, 'ro', 'Bogdan te-a făcut membru în calendarul Choir'],
    ['calendarChanged', { details: 'New' }, 'en', 'Bogdan changed the calendar Choir'],
    ['shareCalendarOwnerRejected', null, 'en', 'Bogdan declined to take over the calendar Choir'],
    ['shareCalendarOwnerRejected', null, 'ro', 'Bogdan a refuzat să preia calendarul Choir'],
    ['shareCalendarCancelOwnerChange', null, 'en', 'Bogdan no longer offers you the calendar Choir'],
    ['shareCalendarCancelOwnerChange', null, 'ro', 'Bogdan nu îți mai oferă calendarul Choir'],
    [
      'shareCalendarNotifyOwner',
      { role: 'admin' },
      'en',
      'Bogdan now owns the calendar Choir; you are an admin',
    ],
    [
      'shareCalendarNotifyOwner',
      { role: 'admin' },
      'ro',
      'Bogdan este acum proprietarul calendarului Choir; tu ești administrator',
    ],
  ])('%s %j in %s', (type, changes, language, body) => {
    const message = pushMessageFor(calendarNotice(type, changes), 'Bogdan', language);
    expect(message).toMatchObject({ body, url: '/calendars/c1/events', tag: 'n1' });
  });
});
