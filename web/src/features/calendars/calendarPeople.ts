import type { CalendarMember, CalendarRole } from '@convene/contract';

/** The i18n key of a person's role label: 'Calendar Owner' for the owner, else the role's name. */
export function roleLabelKey(
  member: Pick<CalendarMember, 'permissions' | 'role'>,
): `calendar.roles.${CalendarRole}` {
  if (member.permissions.isOwner || member.role.name === 'owner') return 'calendar.roles.owner';
  return `calendar.roles.${member.role.name}`;
}

/** Whether a person's card shows 'Invitation Sent': invited, not yet confirmed. */
export function isInvitationPending(member: Pick<CalendarMember, 'isConfirmed'>): boolean {
  return !member.isConfirmed;
}

/** What clicking a person's card does: open their profile, say they are not registered, or nothing (oneself). */
export function personCardAction(
  member: Pick<CalendarMember, 'userId'>,
  viewerId: string | null,
): 'profile' | 'notRegistered' | 'none' {
  if (!member.userId) return 'notRegistered';
  return member.userId === viewerId ? 'none' : 'profile';
}
