import type { AssignableCalendarRole, CalendarMemberAbilities, CalendarRole } from '@convene/contract';
import type { calendarMembers } from '../../db/schema/index.ts';
import { definePolicy, unless } from '../../platform/policy.ts';
import type { CalendarAccess } from './calendars.access.ts';
import { calendarPolicy } from './calendars.policy.ts';

/** One member (or invitation) of a calendar as the viewer reaches it. */
export interface MemberAccess {
  calendar: CalendarAccess;
  member: typeof calendarMembers.$inferSelect;
  viewerId: string;
  /** The role a change would give (PUT /api/members/{memberId}); absent: any role at all. */
  newRole?: AssignableCalendarRole;
}

/** The role ladder of docs/PRODUCT.md (Calendar roles): a higher rank manages the lower ones. */
const rank: Record<CalendarRole, number> = { owner: 4, admin: 3, manager: 2, assistant: 1, member: 0 };

/**
 * The rank the viewer manages people with: the owner's, an admin's, or none (-1) for everyone
 * else, who may at most take back the invitations they sent themselves.
 */
function managingRank({ calendar }: MemberAccess): number {
  const viewer = calendar.member;
  if (!viewer?.isConfirmed || !calendar.permissions.canShare) return -1;
  if (calendar.permissions.isOwner) return rank.owner;
  return viewer.role === 'admin' ? rank.admin : -1;
}

/** True when the viewer manages the member: the member's role is below the viewer's. */
const outranks = (access: MemberAccess) =>
  managingRank(access) > (rank[access.member.role as CalendarRole] ?? rank.owner);

const notTheOwner = (access: MemberAccess) =>
  unless(!access.member.permissions.isOwner, 'Nobody changes or removes the owner');

/**
 * What the viewer may do with one person of a calendar (docs/PRODUCT.md, Calendar roles): the
 * owner manages everyone else; an admin manages managers, assistants and members (never another
 * admin) and gives only those roles; any sharer takes back the invitations they sent; everyone
 * but the owner may leave; only the owner offers ownership, to a confirmed member with an
 * account, of a calendar that is not personal.
 */
export const memberPolicy = definePolicy<MemberAccess, keyof CalendarMemberAbilities>({
  changeRole: (access) =>
    unless(access.member.userId !== access.viewerId, 'Nobody changes their own role') ??
    notTheOwner(access) ??
    calendarPolicy.check(access.calendar, 'share') ??
    unless(outranks(access), 'Only the owner, and an admin for the roles below theirs, change roles') ??
    unless(
      access.newRole === undefined || rank[access.newRole] < managingRank(access),
      'Only the owner makes admins',
      'role',
    ),
  remove: (access) => {
    const { member, viewerId, calendar } = access;
    if (member.userId === viewerId) {
      return unless(!member.permissions.isOwner, 'The owner cannot leave; hand the calendar over first');
    }
    const sentIt = !member.isConfirmed && member.invitedById === viewerId;
    return (
      notTheOwner(access) ??
      calendarPolicy.check(calendar, 'share') ??
      unless(
        sentIt || outranks(access),
        'Only the owner, and an admin for the roles below theirs, remove people',
      )
    );
  },
  offerOwnership: ({ calendar, member, viewerId }) =>
    unless(calendar.permissions.isOwner, 'Only the owner hands the calendar over') ??
    unless(!calendar.calendar.isPersonal, 'A personal calendar cannot be handed over') ??
    unless(member.userId !== viewerId && !member.permissions.isOwner, 'You own this calendar already') ??
    unless(member.isConfirmed && member.userId !== null, 'Only a member who joined can become the owner'),
});
