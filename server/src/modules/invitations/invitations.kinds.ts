import type { Db } from '../../db/connect.ts';
import type { NotificationCalendar, NotificationEvent, notifications } from '../../db/schema/index.ts';

/**
 * The one invitations flow (invite → request or mail → withdraw → accept or decline, within the
 * sender's hourly limit) serves two kinds of invitation: to a calendar (a membership) and to an
 * event (an RSVP). What differs per kind is given by the module that owns its rows, through the
 * typed map `InvitationKinds` that `app.ts` fills (like `requestEffects`).
 */
export type InvitationKind = 'calendar' | 'event';

/** The person invited: a registered account (`userId`) or only an address. */
export interface Invitee {
  userId: string | null;
  name: string;
  email: string;
}

/** What an invitation is to, as its subscribers need it. */
export type InvitationTarget =
  | { kind: 'calendar'; calendar: NotificationCalendar }
  | {
      kind: 'event';
      root: { id: string; calendarId: string; ownerId: string; name: string };
      event: NotificationEvent;
      calendar: NotificationCalendar | null;
      /** The invitee's RSVP, which answering the invitation sets. */
      rsvpId: string;
    };

/** What an answered invitation was to (the snapshots the request kept, which may be null). */
export type AnsweredInvitationTarget =
  | { kind: 'calendar'; calendarId: string; memberId: string; calendar: NotificationCalendar | null }
  | {
      kind: 'event';
      root: { id: string; ownerId: string };
      event: NotificationEvent | null;
      calendar: NotificationCalendar | null;
      rsvpId: string;
    };

/**
 * What a withdrawn invitation was to. A calendar invitation may have become a membership
 * (`wasConfirmed`); an event invitation may have been added without being sent yet (`wasSent`).
 */
export type WithdrawnInvitationTarget =
  | {
      kind: 'calendar';
      calendarId: string;
      memberId: string;
      calendar: NotificationCalendar;
      wasConfirmed: boolean;
    }
  | {
      kind: 'event';
      root: { id: string; ownerId: string };
      event: NotificationEvent;
      rsvpId: string;
      wasSent: boolean;
    };

/** A pending request row of an invitation (`shareCalendar` or `shareEvent`). */
export type InvitationRequest = typeof notifications.$inferSelect;

/** What the owning module of a kind does with its own rows in the shared flow. */
export interface InvitationKindHandlers {
  /**
   * Accepting (confirm the membership, or attend) or declining (remove the membership, or not
   * attend) in the request's transaction; throws `invitationWithdrawn()` when the invitation no
   * longer stands. Answers who sent it and what it was to.
   */
  answer(
    tx: Db,
    request: InvitationRequest,
    answer: 'accepted' | 'rejected',
  ): Promise<{ inviterId: string | null; target: AnsweredInvitationTarget }>;
  /**
   * When an account proves its address: the invitations sent to that address become the
   * account's. Answers those that now wait for the account's answer, with who sent each.
   */
  attach(
    tx: Db,
    account: { id: string; email: string; name: string },
  ): Promise<Array<{ inviterId: string | null; target: InvitationTarget }>>;
}

/** Every invitation kind with the handlers its owning module gives; `app.ts` fills it. */
export type InvitationKinds = Record<InvitationKind, InvitationKindHandlers>;
