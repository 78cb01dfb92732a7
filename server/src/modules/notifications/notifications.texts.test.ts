import { describe, expect, it } from 'vitest';
import type { notifications } from '../../db/schema/index.ts';
import { pushMessageFor } from './notifications.texts.ts';

type Row = typeof notifications.$inferSelect;

/** A stored rsvpUpdate notice about "Board meeting" carrying the given answer. */
function rsvpNotice(rsvp: string | undefined): Row {
  return {
    id: 'n1',
    recipientId: 'u1',
    type: 'rsvpUpdate',
    senderId: 'u2',
    initiatorId: 'u2',
    status: null,
    hasBeenRead: false,
    actionDate: new Date('2030-01-01T10:00:00.000Z'),
    payload: {
      requiresRSVP: false,
      permissions: { canView: true },
      initiator: null,
      target: null,
      changes: rsvp === undefined ? null : { rsvp },
    },
    rsvpId: null,
    calendarId: null,
    eventId: 'e1',
    event: {
      eventId: 'e1',
      name: 'Board meeting',
      startDate: '2030-01-02T10:00:00.000Z',
      endDate: '2030-01-02T11:00:00.000Z',
      timezone: 'Europe/Bucharest',
      isAllDay: false,
      kind: 'classic',
    },
    calendar: null,
    details: null,
  };
}

describe('push texts', () => {
  it.each([
    ['attending', 'en', 'Bogdan is going to Board meeting'],
    ['notAttending', 'en', 'Bogdan is not going to Board meeting'],
    ['none', 'en', 'Bogdan is in the loop for Board meeting'],
    ['attending', 'ro', 'Bogdan participă la Board meeting'],
    ['notAttending', 'ro', 'Bogdan nu participă la Board meeting'],
    ['none', 'ro', 'Bogdan a ales „Ținut la curent” pentru Board meeting'],
  ])('an RSVP change to %s says the answer in %s', (rsvp, language, body) => {
    expect(pushMessageFor(rsvpNotice(rsvp), 'Bogdan', language)).toMatchObject({ body, tag: 'n1' });
  });

  it('an RSVP notice without a known answer keeps the general text', () => {
    expect(pushMessageFor(rsvpNotice(undefined), 'Bogdan', 'en').body).toBe(
      'Bogdan answered the invitation to Board meeting',
    );
    expect(pushMessageFor(rsvpNotice('pending'), 'Bogdan', 'ro').body).toBe(
      'Bogdan a răspuns la invitația la Board meeting',
    );
  });
});
