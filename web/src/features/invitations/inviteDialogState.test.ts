import { describe, expect, it } from 'vitest';
import {
  canConfirmInvite,
  type FoundUser,
  grantableRoles,
  type InviteInputs,
  inviteDialogState,
  inviteTarget,
  isAlreadyInvited,
  isInviteEmail,
  roleFlags,
} from './inviteDialogState.ts';

const gina: FoundUser = { userId: 'u2', name: 'Gina Guest', email: 'gina@example.com', imageLink: null };
const hidden: FoundUser = { userId: 'u3', name: 'Hugo Hidden', email: null, imageLink: null };
const base: InviteInputs = {
  text: '',
  debouncedQuery: '',
  isFetching: false,
  results: undefined,
  selected: null,
};

describe('inviteDialogState', () => {
  it('is idle below 4 characters', () => {
    expect(inviteDialogState(base)).toEqual({ kind: 'idle' });
    expect(inviteDialogState({ ...base, text: ' gin ' })).toEqual({ kind: 'idle' });
  });

  it('is fetching while the debounce has not caught up or the answer is on its way', () => {
    expect(inviteDialogState({ ...base, text: 'gina' })).toEqual({ kind: 'fetching' });
    expect(inviteDialogState({ ...base, text: 'gina', debouncedQuery: 'gina', isFetching: true })).toEqual({
      kind: 'fetching',
    });
    expect(inviteDialogState({ ...base, text: 'gina g', debouncedQuery: 'gina', results: [gina] })).toEqual({
      kind: 'fetching',
    });
  });

  it('shows results, or no results', () => {
    const found = { ...base, text: 'gina', debouncedQuery: 'gina' };
    expect(inviteDialogState({ ...found, results: [gina] })).toEqual({ kind: 'results', users: [gina] });
    expect(inviteDialogState({ ...found, results: [] })).toEqual({ kind: 'noResults' });
  });

  it('a selected person wins over everything', () => {
    expect(inviteDialogState({ ...base, text: 'gi', selected: gina })).toEqual({
      kind: 'selected',
      user: gina,
    });
  });
});

describe('confirm-enabled rule', () => {
  it('enables Confirm for a selected person', () => {
    const state = inviteDialogState({ ...base, selected: gina });
    expect(canConfirmInvite(state, 'gina')).toBe(true);
    expect(inviteTarget(state, 'gina')).toEqual({ kind: 'user', user: gina, email: 'gina@example.com' });
  });

  it('enables Confirm for a valid e-mail only when the search found nobody', () => {
    const typed = { ...base, text: ' New.Person@Example.org ', debouncedQuery: 'New.Person@Example.org' };
    const none = inviteDialogState({ ...typed, results: [] });
    expect(canConfirmInvite(none, typed.text)).toBe(true);
    expect(inviteTarget(none, typed.text)).toEqual({ kind: 'email', email: 'new.person@example.org' });
    expect(canConfirmInvite(inviteDialogState({ ...typed, results: [gina] }), typed.text)).toBe(false);
    expect(canConfirmInvite(inviteDialogState({ ...typed, isFetching: true }), typed.text)).toBe(false);
  });

  it('keeps Confirm disabled when idle, for results without a choice, and for an invalid e-mail', () => {
    expect(canConfirmInvite({ kind: 'idle' }, '')).toBe(false);
    expect(canConfirmInvite({ kind: 'results', users: [gina] }, 'gina')).toBe(false);
    expect(canConfirmInvite({ kind: 'noResults' }, 'someone@example.toolong')).toBe(false);
    expect(canConfirmInvite({ kind: 'noResults' }, 'nobody by that name')).toBe(false);
  });

  it('invites a selected person by userId even when their e-mail address is private', () => {
    expect(canConfirmInvite({ kind: 'selected', user: hidden }, 'hugo')).toBe(true);
    expect(inviteTarget({ kind: 'selected', user: hidden }, 'hugo')).toEqual({
      kind: 'user',
      user: hidden,
      email: null,
    });
  });
});

describe('invite helpers', () => {
  it('checks the invitation e-mail pattern (TLD of 2 to 4 letters)', () => {
    expect(isInviteEmail('a@b.ro')).toBe(true);
    expect(isInviteEmail('a@b.info')).toBe(true);
    expect(isInviteEmail('a@b.museum')).toBe(false);
    expect(isInviteEmail('a b@c.com')).toBe(false);
  });

  it('finds an already-invited person by userId or by e-mail, ignoring case', () => {
    const people = [
      { userId: 'u2', email: null },
      { userId: null, email: 'Someone@Example.com' },
    ];
    expect(isAlreadyInvited({ kind: 'user', user: gina, email: 'other@example.com' }, people)).toBe(true);
    expect(isAlreadyInvited({ kind: 'email', email: 'someone@example.com' }, people)).toBe(true);
    expect(isAlreadyInvited({ kind: 'email', email: 'new@example.com' }, people)).toBe(false);
  });

  it('offers only the roles the inviter may grant, never the owner', () => {
    // The grant abilities the calendar policy gives an owner or admin, a sharer who can only view,
    // and a sharer who can also add events.
    const ownerOrAdmin = { grantAdd: true, grantEdit: true, grantShare: true };
    expect(grantableRoles(ownerOrAdmin)).toEqual(['admin', 'manager', 'assistant', 'member']);
    const shareOnly = { grantAdd: false, grantEdit: false, grantShare: true };
    expect(grantableRoles(shareOnly)).toEqual(['member']);
    const shareAndAdd = { ...shareOnly, grantAdd: true };
    expect(grantableRoles(shareAndAdd)).toEqual(['assistant', 'member']);
    expect(grantableRoles({ ...shareOnly, grantEdit: true })).toEqual(['member']);
  });

  it('sends the role’s flags without ownership', () => {
    expect(roleFlags('assistant')).toEqual({ canView: true, canAdd: true, canEdit: false, canShare: false });
  });
});
