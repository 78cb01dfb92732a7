import type { CalendarAbilities } from '@convene/contract';
import { definePolicy, unless } from '../../platform/policy.ts';
import type { CalendarAccess } from './calendars.access.ts';

const needs = (access: CalendarAccess, flag: 'canAdd' | 'canEdit' | 'canShare') =>
  unless(access.permissions[flag], `You need ${flag} on this calendar`);

const ownerOnlyTitle = 'Only the owner changes the title and visibility';

/** What the viewer may do with a calendar they can see (PRODUCT.md §1.6). */
export const calendarPolicy = definePolicy<CalendarAccess, CalendarAbility>({
  addEvent: (access) => needs(access, 'canAdd'),
  edit: (access) => needs(access, 'canEdit'),
  changeTitle: (access) => unless(access.permissions.isOwner, ownerOnlyTitle, 'name'),
  changeVisibility: (access) => unless(access.permissions.isOwner, ownerOnlyTitle, 'visibility'),
  delete: (access) =>
    unless(access.permissions.isOwner, 'Only the owner deletes a calendar') ??
    unless(!access.calendar.isPersonal, 'A personal calendar cannot be deleted'),
  share: (access) => needs(access, 'canShare'),
  // Sharers manage invitations, so they see the address an invitation to someone without an
  // account went to.
  seeInvitedAddresses: (access) => needs(access, 'canShare'),
  seeMembers: (access) =>
    unless(Boolean(access.member?.isConfirmed), 'Only members see the people of a calendar'),
  changeOwnSettings: (access) =>
    unless(Boolean(access.member?.isConfirmed), 'Only members have settings for a calendar'),
  // A sharer gives an invitee a flag only when they hold it themself (never ownership).
  grantAdd: (access) => needs(access, 'canShare') ?? needs(access, 'canAdd'),
  grantEdit: (access) => needs(access, 'canShare') ?? needs(access, 'canEdit'),
  grantShare: (access) => needs(access, 'canShare'),
  // Anyone who joined leaves when they like, except the owner, who hands the calendar over first
  // (so a personal calendar, which only its owner holds for good, is never left).
  leave: (access) =>
    unless(Boolean(access.member?.isConfirmed), 'Only members leave a calendar') ??
    unless(!access.permissions.isOwner, 'The owner cannot leave; hand the calendar over first'),
  cancelOwnershipOffer: (access) =>
    unless(access.permissions.isOwner, 'Only the owner hands the calendar over') ??
    unless(Boolean(access.calendar.ownershipOfferMemberId), 'No offer of ownership is pending'),
});

/** The abilities are the ones a calendar carries to the web (one list of names, in the contract). */
export type CalendarAbility = keyof CalendarAbilities;
