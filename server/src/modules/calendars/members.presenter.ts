import type { CalendarMember } from '@convene/contract';
import type { AccountFields } from '../../db/accountFields.ts';
import type { calendarMembers } from '../../db/schema/index.ts';
import { presentUser } from '../accounts/accounts.presenter.ts';
import type { CalendarAccess } from './calendars.access.ts';
import { calendarPolicy } from './calendars.policy.ts';
import { memberPolicy } from './members.policy.ts';

type MemberRow = typeof calendarMembers.$inferSelect;

/**
 * One person of a calendar as the viewer (`viewerId`, with `access` to the calendar) sees them:
 * someone with an account as presentUser allows; an invited address only to sharers; what the
 * viewer may do with them, as the members policy decides.
 */
export function presentMember(
  access: CalendarAccess,
  viewerId: string,
  member: MemberRow,
  account: AccountFields | null,
): CalendarMember {
  const seen = account ? presentUser({ id: viewerId }, account) : null;
  const seesInvitedAddresses = calendarPolicy.can(access, 'seeInvitedAddresses');
  return {
    memberId: member.id,
    calendarId: member.calendarId,
    userId: member.userId,
    name: seen?.name ?? member.name,
    email: seen ? seen.email : seesInvitedAddresses ? member.email : null,
    imageLink: seen?.imageLink ?? null,
    permissions: member.permissions,
    isConfirmed: member.isConfirmed,
    role: { name: member.role as CalendarMember['role']['name'] },
    abilities: memberPolicy.abilities({ calendar: access, member, viewerId }),
    ownershipOffered: access.calendar.ownershipOfferMemberId === member.id,
  };
}
