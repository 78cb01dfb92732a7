import type { AttendanceValue, RsvpValue, UserEventStatus } from '@convene/contract';
import type { AccountFields } from '../../db/accountFields.ts';
import { presentUser } from '../accounts/accounts.presenter.ts';
import type { RsvpRow } from '../events/events.access.ts';

/**
 * An RSVP as a viewer sees it. A person with an account is shown as presentUser allows (their
 * e-mail only by their privacy switch, even to the inviter who picked them by name); the address
 * of an invitation to someone without an account shows to those who may invite (the owner and
 * sharers), who manage it.
 */
export function presentUserEventStatus(
  row: RsvpRow,
  account: AccountFields | null,
  viewer: { userId: string; seesInvitedAddresses: boolean },
): UserEventStatus {
  const seen = account ? presentUser({ id: viewer.userId }, account) : null;
  return {
    userEventStatusId: row.id,
    eventId: row.eventId,
    groupId: row.groupId,
    userId: row.userId,
    name: seen?.name ?? row.name,
    email: seen ? seen.email : viewer.seesInvitedAddresses ? row.email : null,
    imageLink: seen?.imageLink ?? null,
    statuses: { rsvp: row.rsvp as RsvpValue, attendance: row.attendance as AttendanceValue },
  };
}
