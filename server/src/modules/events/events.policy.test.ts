import { type CalendarRole, rolePermissions } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { type EventAbility, type EventStanding, eventPermissions, eventPolicy } from './events.policy.ts';

const viewerId = 'viewer';
const event = { ownerId: 'someone-else', kind: 'event' };

const onCalendar = (role: CalendarRole, changes: Partial<EventStanding> = {}): EventStanding => ({
  event,
  viewerId,
  calendar: rolePermissions[role],
  linkCalendarId: null,
  ...changes,
});

const viewers = {
  eventOwner: onCalendar('assistant', { event: { ...event, ownerId: viewerId } }),
  admin: onCalendar('admin'),
  manager: onCalendar('manager'),
  assistant: onCalendar('assistant'),
  member: onCalendar('member'),
  invitee: { event, viewerId, calendar: null, linkCalendarId: 'their-personal-calendar' },
  adminOfInfo: onCalendar('admin', { event: { ...event, kind: 'info' } }),
};

const o = true;
const _ = false;
// biome-ignore format: a table reads best aligned
const table: Record<keyof typeof viewers, Record<EventAbility, boolean>> = {
  eventOwner:  { editEvent: o, deleteEvent: o, removeEvent: _, shareEvent: _, seeInvitedAddresses: o, seeHiddenDetails: o, startStream: o },
  admin:       { editEvent: o, deleteEvent: o, removeEvent: _, shareEvent: o, seeInvitedAddresses: o, seeHiddenDetails: o, startStream: o },
  manager:     { editEvent: o, deleteEvent: o, removeEvent: _, shareEvent: _, seeInvitedAddresses: _, seeHiddenDetails: o, startStream: o },
  assistant:   { editEvent: _, deleteEvent: _, removeEvent: _, shareEvent: _, seeInvitedAddresses: _, seeHiddenDetails: _, startStream: _ },
  member:      { editEvent: _, deleteEvent: _, removeEvent: _, shareEvent: _, seeInvitedAddresses: _, seeHiddenDetails: _, startStream: _ },
  invitee:     { editEvent: _, deleteEvent: _, removeEvent: o, shareEvent: _, seeInvitedAddresses: _, seeHiddenDetails: _, startStream: _ },
  adminOfInfo: { editEvent: o, deleteEvent: o, removeEvent: _, shareEvent: _, seeInvitedAddresses: _, seeHiddenDetails: o, startStream: o },
};

describe('event policy', () => {
  it.each(Object.entries(table))('%s', (viewer, expected) => {
    const standing = viewers[viewer as keyof typeof viewers];
    expect(eventPolicy.abilities({ permissions: eventPermissions(standing) })).toEqual(expected);
  });

  it('denies with the 403 each check always answered', () => {
    const access = { permissions: eventPermissions(viewers.member) };
    expect(() => eventPolicy.authorize(access, 'editEvent')).toThrow(
      expect.objectContaining({
        statusCode: 403,
        code: 'FORBIDDEN',
        message: 'Only the owner or someone who can edit its calendar may change this event',
      }),
    );
    expect(() => eventPolicy.authorize(access, 'shareEvent')).toThrow(
      'You need canShare on the calendar, and an event that is not info, to invite people',
    );
  });
});
