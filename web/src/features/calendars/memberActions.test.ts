import type { CalendarMember } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError.ts';
import {
  asksFirst,
  isDestructiveAction,
  memberActions,
  memberDisplayName,
  peopleActionErrorKey,
  rolesToGive,
} from './memberActions.ts';

const none = { changeRole: false, remove: false, offerOwnership: false };

function row(
  overrides: Partial<Pick<CalendarMember, 'abilities' | 'isConfirmed' | 'ownershipOffered' | 'userId'>> = {},
) {
  return { abilities: none, isConfirmed: true, ownershipOffered: false, userId: 'u2', ...overrides };
}

const owner = { abilities: { cancelOwnershipOffer: false } };
const ownerWithOffer = { abilities: { cancelOwnershipOffer: true } };

describe('memberActions', () => {
  it('offers nothing the server does not allow (the owner’s row, a viewer without rights)', () => {
    expect(memberActions(row(), owner, 'u1')).toEqual([]);
    expect(memberActions(row({ ownershipOffered: true }), owner, 'u1')).toEqual([]);
  });

  it('lists change role, offer ownership and remove for a confirmed member the owner manages', () => {
    const all = { changeRole: true, remove: true, offerOwnership: true };
    expect(memberActions(row({ abilities: all }), owner, 'u1')).toEqual([
      'changeRole',
      'offerOwnership',
      'remove',
    ]);
  });

  it('names the removal of someone not yet confirmed "cancel invitation"', () => {
    const abilities = { ...none, changeRole: true, remove: true };
    expect(memberActions(row({ abilities, isConfirmed: false }), owner, 'u1')).toEqual([
      'changeRole',
      'cancelInvitation',
    ]);
  });

  it('shows "cancel the offer" instead of "offer" on the row of the member offered ownership', () => {
    const abilities = { changeRole: true, remove: true, offerOwnership: true };
    expect(memberActions(row({ abilities, ownershipOffered: true }), ownerWithOffer, 'u1')).toEqual([
      'changeRole',
      'cancelOwnershipOffer',
      'remove',
    ]);
    // Someone else's row still offers ownership (a new offer replaces the pending one).
    expect(memberActions(row({ abilities }), ownerWithOffer, 'u1')).toEqual([
      'changeRole',
      'offerOwnership',
      'remove',
    ]);
  });

  it('never offers removing oneself (leaving is in the header); an invitee by address is not oneself', () => {
    const abilities = { ...none, remove: true };
    expect(memberActions(row({ abilities, userId: 'u1' }), owner, 'u1')).toEqual([]);
    expect(memberActions(row({ abilities, userId: null, isConfirmed: false }), owner, null)).toEqual([
      'cancelInvitation',
    ]);
  });

  it('an admin manages a member but hands over nothing', () => {
    const abilities = { changeRole: true, remove: true, offerOwnership: false };
    expect(memberActions(row({ abilities }), owner, 'u1')).toEqual(['changeRole', 'remove']);
  });
});

describe('rolesToGive', () => {
  it('the owner gives any role below owner; an admin only the roles below admin', () => {
    expect(rolesToGive(true)).toEqual(['admin', 'manager', 'assistant', 'member']);
    expect(rolesToGive(false)).toEqual(['manager', 'assistant', 'member']);
  });
});

describe('how actions run', () => {
  it('removals are red and asked first; the offer is asked first; a role is picked in its dialog', () => {
    expect(isDestructiveAction('remove')).toBe(true);
    expect(isDestructiveAction('cancelInvitation')).toBe(true);
    expect(isDestructiveAction('offerOwnership')).toBe(false);
    expect(asksFirst('remove')).toBe(true);
    expect(asksFirst('cancelInvitation')).toBe(true);
    expect(asksFirst('offerOwnership')).toBe(true);
    expect(asksFirst('changeRole')).toBe(false);
    expect(asksFirst('cancelOwnershipOffer')).toBe(false);
  });

  it('names a person by name, else by the address they were invited at', () => {
    expect(memberDisplayName({ name: 'Ana Pop', email: 'ana@example.com' })).toBe('Ana Pop');
    expect(memberDisplayName({ name: '', email: 'ion@example.com' })).toBe('ion@example.com');
  });

  it('says why an action failed', () => {
    expect(peopleActionErrorKey(new TypeError('Failed to fetch'))).toBe('errors.network');
    expect(peopleActionErrorKey(new ApiError(403, 'FORBIDDEN', null, 'no'))).toBe(
      'calendar.people.errors.forbidden',
    );
    expect(peopleActionErrorKey(new ApiError(404, 'NOT_FOUND', null, 'gone'))).toBe(
      'calendar.people.errors.gone',
    );
    expect(peopleActionErrorKey(new ApiError(500, null, null, 'boom'))).toBe('calendar.people.errors.failed');
  });
});
