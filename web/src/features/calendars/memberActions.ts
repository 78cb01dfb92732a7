import {
  type AssignableCalendarRole,
  assignableCalendarRoles,
  type CalendarAbilities,
  type CalendarMember,
} from '@convene/contract';
import { ApiError, isNetworkError } from '../../api/ApiError.ts';

/** What can be done with one person of a calendar from the People tab. */
export type MemberAction =
  | 'changeRole'
  | 'offerOwnership'
  | 'cancelOwnershipOffer'
  | 'remove'
  | 'cancelInvitation';

/**
 * The actions a person's row offers, in menu order, read from the server's abilities (the web never
 * re-derives the role ladder): removing a confirmed member and taking back a pending invitation are
 * the same call, named as the viewer sees it; an offer of ownership is cancelled on the row it was
 * made to. One's own row offers no removal: that is leaving, in the calendar's header.
 */
export function memberActions(
  member: Pick<CalendarMember, 'abilities' | 'isConfirmed' | 'ownershipOffered' | 'userId'>,
  calendar: { abilities: Pick<CalendarAbilities, 'cancelOwnershipOffer'> },
  viewerId: string | null,
): MemberAction[] {
  const actions: MemberAction[] = [];
  if (member.abilities.changeRole) actions.push('changeRole');
  if (member.ownershipOffered && calendar.abilities.cancelOwnershipOffer)
    actions.push('cancelOwnershipOffer');
  else if (member.abilities.offerOwnership && !member.ownershipOffered) actions.push('offerOwnership');
  const isOwnRow = member.userId !== null && member.userId === viewerId;
  if (member.abilities.remove && !isOwnRow) actions.push(member.isConfirmed ? 'remove' : 'cancelInvitation');
  return actions;
}

/**
 * The roles the change-role dialog offers: every role below owner to the owner; to an admin (the
 * only other viewer whose rows may offer a role change) the roles below admin, since only the
 * owner makes admins (docs/PRODUCT.md, Calendar roles) and the server would refuse it.
 */
export function rolesToGive(viewerIsOwner: boolean): readonly AssignableCalendarRole[] {
  return viewerIsOwner ? assignableCalendarRoles : assignableCalendarRoles.filter((role) => role !== 'admin');
}

/** Actions that lose something for the person (their access, their invitation): red and asked first. */
export function isDestructiveAction(action: MemberAction): boolean {
  return action === 'remove' || action === 'cancelInvitation';
}

/** The actions that ask Yes / No before they run. */
export type AskedAction = 'remove' | 'cancelInvitation' | 'offerOwnership';

/**
 * Whether an action asks Yes / No before it runs: removals and the offer do; a role is picked in a
 * dialog of its own, and taking an offer back loses nothing (it can be made again).
 */
export function asksFirst(action: MemberAction): action is AskedAction {
  return action === 'remove' || action === 'cancelInvitation' || action === 'offerOwnership';
}

/** The name a person goes by on their row: their name, else the address they were invited at. */
export function memberDisplayName(member: Pick<CalendarMember, 'name' | 'email'>): string {
  return member.name || member.email || '';
}

/** i18n keys of what a failed People action says. */
export const peopleActionErrorKeys = {
  network: 'errors.network',
  forbidden: 'calendar.people.errors.forbidden',
  gone: 'calendar.people.errors.gone',
  failed: 'calendar.people.errors.failed',
} as const;

/**
 * What a failed People action (or leaving) says: no connection; a right lost meanwhile (403); the
 * person or calendar gone meanwhile (404); else try again. The list refetches after any of them.
 */
export function peopleActionErrorKey(
  error: unknown,
): (typeof peopleActionErrorKeys)[keyof typeof peopleActionErrorKeys] {
  if (isNetworkError(error)) return peopleActionErrorKeys.network;
  if (!(error instanceof ApiError)) return peopleActionErrorKeys.failed;
  if (error.status === 403) return peopleActionErrorKeys.forbidden;
  if (error.status === 404) return peopleActionErrorKeys.gone;
  return peopleActionErrorKeys.failed;
}
