import type { AttendanceValue, RsvpValue, UserEventStatus } from '@convene/contract';
import type { RsvpRow } from '../events/events.access.ts';

/** The account fields an RSVP shows, when the person has an account. */
export interface RsvpAccount {
  name: string;
  imageLink: string | null;
  privacyEmail: boolean;
}

/**
 * An RSVP as a viewer sees it. The e-mail shows to the person themselves, to whoever may
 * invite people to the event (owner, sharers), and otherwise only when the person's e-mail
 * privacy switch allows it; an invitee without an account is known only to the inviters.
 */
export function presentUserEventStatus(
  row: RsvpRow,
  account: RsvpAccount | null,
  viewer: { userId: string; seesEmails: boolean },
): UserEventStatus {
  const showEmail = viewer.seesEmails || row.userId === viewer.userId || Boolean(account?.privacyEmail);
  return {
    userEventStatusId: row.id,
    eventId: row.eventId,
    groupId: row.groupId,
    userId: row.userId,
    name: account?.name ?? row.name,
    email: showEmail ? row.email : null,
    imageLink: account?.imageLink ?? null,
    statuses: { rsvp: row.rsvp as RsvpValue, attendance: row.attendance as AttendanceValue },
  };
}
