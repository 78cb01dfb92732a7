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
  ownEmail: 'me@example.com',
  knownPeople: [],
};
/** The inputs once the search for `text` answered `results`. */
const answered = (text: string, results: FoundUser[], more: Partial<InviteInputs> = {}): InviteInputs => ({
  ...base,
  text,
  debouncedQuery: text.trim(),
  results,
  ...more,
});

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
    expect(inviteDialogState(answered('gina', [gina]))).toEqual({ kind: 'results', users: [gina] });
    expect(inviteDialogState(answered('gina', []))).toEqual({ kind: 'noResults' });
  });

  it('a selected person wins over everything', () => {
    expect(inviteDialogState({ ...base, text: 'gi', selected: gina })).toEqual({
      kind: 'selected',
      user: gina,
      isInvited: false,
    });
  });

  it('a whole address that found nobody is to invite, its invitation waiting for it to be confirmed', () => {
    // The search finds a registered person by address only once they confirmed it; either way the
    // invitation goes to the address.
    expect(inviteDialogState(answered(' New.Person@Example.org ', []))).toEqual({
      kind: 'address',
      email: 'new.person@example.org',
      standing: 'invitable',
    });
  });

  it('an address invited already says so before Confirm, whatever its case', () => {
    const knownPeople = [{ userId: null, email: 'Invited@Example.org' }];
    expect(inviteDialogState(answered('invited@example.ORG', [], { knownPeople }))).toEqual({
      kind: 'address',
      email: 'invited@example.org',
      standing: 'alreadyInvited',
    });
  });

  it('one’s own address is never offered', () => {
    expect(inviteDialogState(answered('ME@example.com', [], { ownEmail: 'me@example.com' }))).toEqual({
      kind: 'address',
      email: 'me@example.com',
      standing: 'yourself',
    });
  });

  it('a selected person invited already is marked so, by userId or address', () => {
    expect(
      inviteDialogState({ ...base, selected: gina, knownPeople: [{ userId: 'u2', email: null }] }),
    ).toEqual({
      kind: 'selected',
      user: gina,
      isInvited: true,
    });
    const byAddress = [{ userId: null, email: 'GINA@example.com' }];
    expect(inviteDialogState({ ...base, selected: gina, knownPeople: byAddress })).toMatchObject({
      isInvited: true,
    });
  });
});

describe('confirm-enabled rule', () => {
  it('enables Confirm for a selected person', () => {
    const state = inviteDialogState({ ...base, selected: gina });
    expect(canConfirmInvite(state)).toBe(true);
    expect(inviteTarget(state)).toEqual({ kind: 'user', user: gina, email: 'gina@example.com' });
  });

  it('enables Confirm for a valid e-mail only when the search found nobody', () => {
    const text = ' New.Person@Example.org ';
    const none = inviteDialogState(answered(text, []));
    expect(canConfirmInvite(none)).toBe(true);
    expect(inviteTarget(none)).toEqual({ kind: 'email', email: 'new.person@example.org' });
    expect(canConfirmInvite(inviteDialogState(answered(text, [gina])))).toBe(false);
    expect(canConfirmInvite(inviteDialogState(answered(text, [], { isFetching: true })))).toBe(false);
  });

  it('keeps Confirm disabled when idle, for results without a choice, and for an invalid e-mail', () => {
    expect(canConfirmInvite({ kind: 'idle' })).toBe(false);
    expect(canConfirmInvite({ kind: 'results', users: [gina] })).toBe(false);
    expect(canConfirmInvite(inviteDialogState(answered('someone@example.toolong', [])))).toBe(false);
    expect(canConfirmInvite(inviteDialogState(answered('nobody by that name', [])))).toBe(false);
  });

  it('keeps Confirm disabled for someone invited already and for one’s own address', () => {
    const knownPeople = [{ userId: 'u2', email: 'invited@example.org' }];
    expect(inviteTarget(inviteDialogState(answered('invited@example.org', [], { knownPeople })))).toBeNull();
    expect(inviteTarget(inviteDialogState({ ...base, selected: gina, knownPeople }))).toBeNull();
    expect(inviteTarget(inviteDialogState(answered('me@example.com', [])))).toBeNull();
  });

  it('invites a selected person by userId even when their e-mail address is private', () => {
    const state = inviteDialogState({ ...base, selected: hidden });
    expect(canConfirmInvite(state)).toBe(true);
    expect(inviteTarget(state)).toEqual({ kind: 'user', user: hidden, email: null });
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
