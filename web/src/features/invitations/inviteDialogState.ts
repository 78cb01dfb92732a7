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

/** The invite dialog's states (PRODUCT.md §1.4). */
export type InviteState =
  | { kind: 'idle' }
  | { kind: 'fetching' }
  | { kind: 'results'; users: FoundUser[] }
  | { kind: 'noResults' }
  | { kind: 'selected'; user: FoundUser };

/** What the dialog knows at a moment: the text, the search it last ran and what it found. */
export interface InviteInputs {
  text: string;
  /** The debounced search text the results belong to ('' before any search). */
  debouncedQuery: string;
  isFetching: boolean;
  /** The answer for debouncedQuery; undefined while none has arrived. */
  results: FoundUser[] | undefined;
  selected: FoundUser | null;
}

/** Who an invitation goes to: a person found by the search, or a new person by e-mail. */
export type InviteTarget =
  | { kind: 'user'; user: FoundUser; email: string | null }
  | { kind: 'email'; email: string };

/** The state of the dialog; typing that the debounce has not caught up with counts as fetching. */
export function inviteDialogState(inputs: InviteInputs): InviteState {
  if (inputs.selected) return { kind: 'selected', user: inputs.selected };
  const query = toSearchQuery(inputs.text, limits.searchMinChars);
  if (!query) return { kind: 'idle' };
  if (query !== inputs.debouncedQuery || inputs.isFetching || !inputs.results) return { kind: 'fetching' };
  return inputs.results.length > 0 ? { kind: 'results', users: inputs.results } : { kind: 'noResults' };
}

/** A valid invitation e-mail (contract pattern: a TLD of 2 to 4 letters). */
export function isInviteEmail(text: string): boolean {
  return isInviteEmailAddress(text.trim());
}

/**
 * Who Confirm would invite: the selected person (by userId; their e-mail may be private), or
 * the typed e-mail when the search found nobody; else null.
 */
export function inviteTarget(state: InviteState, text: string): InviteTarget | null {
  if (state.kind === 'selected') return { kind: 'user', user: state.user, email: state.user.email };
  if (state.kind === 'noResults' && isInviteEmail(text)) {
    return { kind: 'email', email: text.trim().toLowerCase() };
  }
  return null;
}

/** Confirm is enabled only when a person is selected or the text is a valid e-mail with no result. */
export function canConfirmInvite(state: InviteState, text: string): boolean {
  return inviteTarget(state, text) !== null;
}

/** Whether the target is among the calendar's people already, by userId or e-mail. */
export function isAlreadyInvited(
  target: InviteTarget,
  people: readonly { userId: string | null; email: string | null }[],
): boolean {
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
