import { rolePermissions } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import type { EventAccess, RsvpRow } from '../events/events.access.ts';
import { eventPermissions } from '../events/events.policy.ts';
import { type RsvpAccess, rsvpPolicy } from './rsvp.policy.ts';

const owner = 'owner';

function reach(viewerId: string, role: 'admin' | 'member', rsvpOf: string): RsvpAccess {
  const event = { ownerId: owner, kind: 'event' } as EventAccess['event'];
  const permissions = eventPermissions({
    event,
    viewerId,
    calendar: rolePermissions[role],
    linkCalendarId: null,
  });
  return {
    event: { event, calendar: null, invitation: null, permissions },
    rsvp: { userId: rsvpOf } as RsvpRow,
    viewerId,
  };
}

const messageOf = (run: () => void) => {
  try {
    run();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('rsvp policy', () => {
  it.each([
    ['a sharer withdraws an invitation', reach('sharer', 'admin', 'guest'), 'withdraw', null],
    [
      'a member withdraws no one else’s',
      reach('viewer', 'member', 'guest'),
      'withdraw',
      'You need canShare on the calendar, and an event that is not info, to invite people',
    ],
    ['an invitee leaves', reach('guest', 'member', 'guest'), 'withdraw', null],
    ['the owner’s RSVP stays', reach('sharer', 'admin', owner), 'withdraw', 'The owner’s RSVP stays'],
    ['the owner does not leave', reach(owner, 'admin', owner), 'withdraw', 'The owner’s RSVP stays'],
    ['one answers for oneself', reach('guest', 'member', 'guest'), 'answer', null],
    ['not for anyone else', reach('sharer', 'admin', 'guest'), 'answer', 'You can only answer for yourself'],
  ] as const)('%s', (_name, access, ability, message) => {
    expect(rsvpPolicy.can(access, ability)).toBe(message === null);
    expect(messageOf(() => rsvpPolicy.authorize(access, ability))).toBe(message);
  });
});
