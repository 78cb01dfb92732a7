import type { AssignableCalendarRole, CalendarRole, ChatMessage } from '@convene/contract';
import type { NotificationCalendar, NotificationEvent, userEventStatuses } from './db/schema/index.ts';
import type { EventFields } from './modules/events/events.values.ts';
import type {
  AnsweredInvitationTarget,
  InvitationTarget,
  Invitee,
  WithdrawnInvitationTarget,
} from './modules/invitations/invitations.kinds.ts';
import type { Recorder } from './platform/domainEvents.ts';

/**
 * Every domain event the services record, by type: what happened, with what its subscribers
 * need to decide the consequences. The subscribers of each type are listed in `app.ts`.
 */
export interface DomainEvents {
  /** An account was created (registration); its address is not proven yet. */
  'account.registered': { userId: string; email: string; name: string };
  /**
   * An account proved its address (the confirmation link, or a password reset mailed there) and
   * became active: what was kept for that address may become its own.
   */
  'account.addressProven': { userId: string; email: string; name: string };
  /** A calendar was created; its owner is the actor. */
  'calendar.created': { calendarId: string; actorId: string };
  /** A calendar's details changed: `calendar` as it is now, `changes` the fields sent. */
  'calendar.updated': {
    calendarId: string;
    actorId: string;
    calendar: NotificationCalendar;
    changes: Record<string, unknown>;
  };
  /** A calendar was deleted by its owner; `memberIds` were its confirmed members until then. */
  'calendar.deleted': {
    calendarId: string;
    actorId: string;
    calendar: NotificationCalendar;
    memberIds: string[];
  };
  /**
   * A person's role in a calendar changed (their flags are the role's): a member, or an
   * invitation (`isConfirmed` false; `userId` null when it went to an address).
   */
  'calendar.memberRoleChanged': {
    calendarId: string;
    actorId: string;
    memberId: string;
    userId: string | null;
    isConfirmed: boolean;
    role: AssignableCalendarRole;
    previousRole: CalendarRole;
    calendar: NotificationCalendar;
  };
  /** The owner (`actorId`) offered ownership to the member `userId` (`memberId`); it is pending. */
  'calendar.ownershipOffered': {
    calendarId: string;
    actorId: string;
    userId: string;
    memberId: string;
    calendar: NotificationCalendar;
  };
  /** The owner (`actorId`) took back the pending offer to `userId`, or replaced it by another. */
  'calendar.ownershipOfferCancelled': {
    calendarId: string;
    actorId: string;
    userId: string;
    memberId: string;
    calendar: NotificationCalendar;
  };
  /** The offered member (`actorId`) declined the calendar `ownerId` offered them. */
  'calendar.ownershipDeclined': {
    calendarId: string;
    actorId: string;
    ownerId: string;
    memberId: string;
    calendar: NotificationCalendar;
  };
  /** The offered member (`actorId`) accepted: they own the calendar; `previousOwnerId` is an admin now. */
  'calendar.ownerChanged': {
    calendarId: string;
    actorId: string;
    memberId: string;
    previousOwnerId: string;
    calendar: NotificationCalendar;
  };
  /** An event or a series was created in `calendar` by the actor, its owner. */
  'event.created': {
    actorId: string;
    root: { id: string; calendarId: string };
    calendar: NotificationCalendar;
    event: NotificationEvent;
  };
  /**
   * An event, a series or one occurrence changed (`event` as it is now, `changes` the fields
   * sent); `root` is the single event or series row; `alsoTell` the people it just left.
   */
  'event.changed': {
    actorId: string;
    root: { id: string; calendarId: string };
    event: NotificationEvent;
    changes: Partial<EventFields>;
    alsoTell: string[];
  };
  /** A single event or a whole series (`root`) was deleted. */
  'event.deleted': { actorId: string; root: { id: string; calendarId: string }; event: NotificationEvent };
  /** One occurrence (`event`) of the series `root` was cancelled. */
  'occurrence.cancelled': {
    actorId: string;
    root: { id: string; calendarId: string };
    event: NotificationEvent;
  };
  /** Someone changed their own RSVP (`rsvpId`); `changes` holds what moved. */
  'rsvp.updated': {
    actorId: string;
    root: { id: string; ownerId: string };
    event: NotificationEvent;
    rsvpId: string;
    inviterId: string | null;
    changes: Partial<Pick<typeof userEventStatuses.$inferSelect, 'rsvp' | 'attendance'>>;
  };
  /**
   * Someone took the event out of their own calendar (`eventId`: the event or occurrence they
   * removed); it stays where it came from, and so does their RSVP.
   */
  'event.removedFromCalendar': { actorId: string; eventId: string };
  /**
   * A series was split at an occurrence: `root` now ends before it, `tail` (a new series with
   * copies of the RSVPs) goes on from it.
   */
  'series.split': {
    actorId: string;
    root: { id: string; calendarId: string };
    tail: { id: string; calendarId: string };
  };
  /**
   * The events of a deleted calendar were deleted with it; `invitations` are the sent event
   * invitations to them, by registered person.
   */
  'calendar.eventsDeleted': {
    calendarId: string;
    eventIds: string[];
    invitations: Array<{ userId: string; eventId: string }>;
  };
  /** Someone who can see the event got their first RSVP to it (`rsvp` none: in the loop). */
  'rsvp.created': { actorId: string; root: { id: string; ownerId: string }; rsvpId: string };
  /** An invitation (to a calendar or an event) was sent to a registered person or an address. */
  'invitation.sent': {
    actorId: string;
    inviter: { name: string; language: string };
    invitee: Invitee;
    target: InvitationTarget;
    /** One of the two blocked the other: the invitee is told nothing of it (no request, push or mail). */
    isSilent: boolean;
  };
  /**
   * An invitation sent to an address became the account's once it proved the address; it waits
   * for the account's answer. `inviterId` sent it.
   */
  'invitation.attached': {
    inviterId: string | null;
    invitee: Invitee & { userId: string };
    target: InvitationTarget;
  };
  /** The invitee (`recipientId`) accepted or declined an invitation; `inviterId` sent it, when known. */
  'invitation.answered': {
    recipientId: string;
    inviterId: string | null;
    answer: 'accepted' | 'rejected';
    target: AnsweredInvitationTarget;
  };
  /**
   * A registered person's invitation ended, or the membership or RSVP it became: taken back or
   * removed by `actorId`, or left by themselves (`actorId` is `userId`).
   */
  'invitation.withdrawn': { actorId: string; userId: string; target: WithdrawnInvitationTarget };
  /** A conversation was created by `actorId` with these people (its active participants). */
  'chat.conversationCreated': { conversationId: string; actorId: string; participantIds: string[] };
  /** A group's info changed. */
  'chat.conversationUpdated': { conversationId: string; actorId: string };
  /** The owner deleted a group: it is gone for `participantIds`, everyone in it until then. */
  'chat.conversationDeleted': { conversationId: string; actorId: string; participantIds: string[] };
  /** Someone deleted a conversation from their own list (hidden until a new message). */
  'chat.conversationHidden': { conversationId: string; userId: string };
  /** Someone muted or unmuted a conversation for themselves. */
  'chat.muteChanged': { conversationId: string; userId: string; muted: boolean };
  /**
   * A message (or a system message) joined a conversation at `message.seq`; `unhiddenIds` are the
   * people whose hidden conversation it brought back.
   */
  'chat.messageSent': {
    conversationId: string;
    conversation: { type: string; isSupportThread: boolean };
    message: ChatMessage;
    unhiddenIds: string[];
    /**
     * The active participants as the message left them (read in the statement that appended
     * it): each one's unread count, and whether a Web Push should tell them of it.
     */
    recipients: Array<{ userId: string; unreadCount: number; notify: boolean }>;
  };
  /** `userIds` joined a conversation, added by `actorId`. */
  'chat.participantsJoined': { conversationId: string; actorId: string; userIds: string[] };
  /** A participant's role changed. */
  'chat.participantUpdated': { conversationId: string; actorId: string; userId: string };
  /** A participant left (`actorId` is `userId`) or was removed by an admin. */
  'chat.participantLeft': { conversationId: string; actorId: string; userId: string };
  /**
   * A live stream of an event started (PRODUCT.md §2.7): `root` is the single event or series,
   * `eventKey` the eventId it was started from (an occurrence id for one occurrence).
   */
  'stream.started': {
    actorId: string;
    root: { id: string; calendarId: string };
    eventKey: string;
    streamId: string;
  };
  /**
   * A live stream ended: stopped by its broadcaster or an editor (`stopped`), or its broadcaster's
   * media is gone (`publisher-gone`, `room-finished`: nothing left to disconnect).
   */
  'stream.ended': {
    actorId: string | null;
    root: { id: string; calendarId: string };
    eventKey: string;
    streamId: string;
    reason: 'stopped' | 'publisher-gone' | 'room-finished';
  };
  /** `blockerId` blocked `blockedId` (one fact for chat, invitations and notifications). */
  'user.blocked': { blockerId: string; blockedId: string };
  /** A block was lifted. */
  'user.unblocked': { blockerId: string; blockedId: string };
}

/** Records a domain event in the caller's transaction (`ctx.record`). */
export type RecordDomainEvent = Recorder<DomainEvents>;
