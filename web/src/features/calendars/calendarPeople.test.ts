import { rolePermissions } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { isInvitationPending, personCardAction, roleLabelKey } from './calendarPeople.ts';

describe('roleLabelKey', () => {
  it('labels the owner Calendar Owner', () => {
    expect(roleLabelKey({ permissions: rolePermissions.owner, role: { name: 'owner' } })).toBe(
      'calendar.roles.owner',
    );
  });

  it('labels everyone else by their role', () => {
    for (const role of ['admin', 'manager', 'assistant', 'member'] as const) {
      expect(roleLabelKey({ permissions: rolePermissions[role], role: { name: role } })).toBe(
        `calendar.roles.${role}`,
      );
    }
  });
});

describe('people cards', () => {
  it('say Invitation Sent while not confirmed', () => {
    expect(isInvitationPending({ isConfirmed: false })).toBe(true);
    expect(isInvitationPending({ isConfirmed: true })).toBe(false);
  });

  it('open the profile of someone else, never one’s own; an e-mail invitee is not registered', () => {
    expect(personCardAction({ userId: 'u2' }, 'u1')).toBe('profile');
    expect(personCardAction({ userId: 'u1' }, 'u1')).toBe('none');
    expect(personCardAction({ userId: null }, 'u1')).toBe('notRegistered');
  });
});
