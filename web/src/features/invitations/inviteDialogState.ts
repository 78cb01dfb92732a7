import {
  type CalendarAbilities,
  type CalendarRole,
  calendarRoles,
  isInviteEmailAddress,
  limits,
  type PermissionFlags,
  rolePermissions,
} from '@convene/contract';
import { toSearchQuery } from '../../components/searchQuery.ts';

/** A person found by GET /api/user (their e-mail only when public or typed whole). */
export interface FoundUser {
  userId: string;
  name: string;
  email: string | null;
  imageLink: string | null;
}

/** Someone already on the calendar or the event (loaded on the screen), by userId or e-mail. */
export interface KnownPerson {
  userId: string | null;
  email: string | null;
}

/**
 * What a whole address that found nobody is: one to invite by e-mail (the invitation waits until
 * it is confirmed, by whoever registers with it or confirms it), one invited already, or the
 * inviter's own.
 */
export type AddressStanding = 'invitable' | 'alreadyInvited' | 'yourself';

/**
 * The invite dialog's states (PRODUCT.md §1.4): idle, fetching, results, no results (a whole
 * address with no result is `address`), selected.
 */
export type InviteState =
  | { kind: 'idle' }
  | { kind: 'fetching' }
  | { kind: 'results'; users: FoundUser[] }
  | { kind: 'noResults' }
  | { kind: 'address'; email: string; standing: AddressStanding }
  | { kind: 'selected'; user: FoundUser; isInvited: boolean };

/** What the dialog knows at a moment: the text, the search it last ran and what it found. */
export interface InviteInputs {
  text: string;
  /** The debounced search text the results belong to ('' before any search). */
  debouncedQuery: string;
  isFetching: boolean;
  /** The answer for debouncedQuery; undefined while none has arrived. */
  results: FoundUser[] | undefined;
  selected: FoundUser | null;
  /** The inviter's own address: never offered (the search never finds the inviter either). */
  ownEmail: string | null;
  /** People already invited; the server's 409 covers those not loaded. */
  knownPeople: readonly KnownPerson[];
}

/** Who an invitation goes to: a person found by the search, or a new person by e-mail. */
export type InviteTarget =
  | { kind: 'user'; user: FoundUser; email: string | null }
  | { kind: 'email'; email: string };

/** The state of the dialog; typing that the debounce has not caught up with counts as fetching. */
export function inviteDialogState(inputs: InviteInputs): InviteState {
  if (inputs.selected) {
    const user = inputs.selected;
    return { kind: 'selected', user, isInvited: isAlreadyInvited(userTarget(user), inputs.knownPeople) };
  }
  const query = toSearchQuery(inputs.text, limits.searchMinChars);
  if (!query) return { kind: 'idle' };
  if (query !== inputs.debouncedQuery || inputs.isFetching || !inputs.results) return { kind: 'fetching' };
  if (inputs.results.length > 0) return { kind: 'results', users: inputs.results };
  if (!isInviteEmail(inputs.text)) return { kind: 'noResults' };
  const email = inputs.text.trim().toLowerCase();
  return { kind: 'address', email, standing: addressStanding(email, inputs) };
}

function userTarget(user: FoundUser): InviteTarget {
  return { kind: 'user', user, email: user.email };
}

function addressStanding(email: string, inputs: InviteInputs): AddressStanding {
  if (inputs.ownEmail && email === inputs.ownEmail.toLowerCase()) return 'yourself';
  return isAlreadyInvited({ kind: 'email', email }, inputs.knownPeople) ? 'alreadyInvited' : 'invitable';
}

/** A valid invitation e-mail (contract pattern: a TLD of 2 to 4 letters). */
export function isInviteEmail(text: string): boolean {
  return isInviteEmailAddress(text.trim());
}

/**
 * Who Confirm would invite: the selected person (by userId; their e-mail may be private), or
 * the typed address when the search found nobody; never someone invited already, nor oneself.
 */
export function inviteTarget(state: InviteState): InviteTarget | null {
  if (state.kind === 'selected') return state.isInvited ? null : userTarget(state.user);
  if (state.kind === 'address' && state.standing === 'invitable')
    return { kind: 'email', email: state.email };
  return null;
}

/**
 * Confirm is enabled only when a person is selected or the text is a valid e-mail with no result
 * (PRODUCT.md §1.4), and neither is invited already nor the inviter.
 */
export function canConfirmInvite(state: InviteState): boolean {
  return inviteTarget(state) !== null;
}

/** Whether the target is among the calendar's people already, by userId or e-mail. */
export function isAlreadyInvited(target: InviteTarget, people: readonly KnownPerson[]): boolean {
  const email = target.email?.toLowerCase() ?? null;
  const userId = target.kind === 'user' ? target.user.userId : null;
  return people.some(
    (person) =>
      (userId !== null && person.userId === userId) ||
      (email !== null && person.email?.toLowerCase() === email),
  );
}

/** The ability that lets an inviter give each flag (canView comes with any invitation). */
const grantAbility = { canAdd: 'grantAdd', canEdit: 'grantEdit', canShare: 'grantShare' } as const;

/** The roles an inviter may give: never ownership, only flags the calendar's abilities let them give. */
export function grantableRoles(
  inviter: Pick<CalendarAbilities, (typeof grantAbility)[keyof typeof grantAbility]>,
): CalendarRole[] {
  const flags = Object.keys(grantAbility) as (keyof typeof grantAbility)[];
  return calendarRoles.filter(
    (role) =>
      role !== 'owner' && flags.every((flag) => !rolePermissions[role][flag] || inviter[grantAbility[flag]]),
  );
}

/** The permission flags an invitation with a role sends. */
export function roleFlags(role: CalendarRole): PermissionFlags {
  const { canView, canAdd, canEdit, canShare } = rolePermissions[role];
  return { canView, canAdd, canEdit, canShare };
}
