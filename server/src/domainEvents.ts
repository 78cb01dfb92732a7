import type { AppContext } from './context.ts';
import type { NotificationCalendar, NotificationEvent, userEventStatuses } from './db/schema/index.ts';
import type { EventFields } from './modules/events/events.values.ts';
import type { DomainEventOf, Recorder, Subscriber } from './platform/domainEvents.ts';

/**
 * Every domain event the services record, by type: what happened, with what its subscribers
 * need to decide the consequences. The subscribers of each type are listed in `app.ts`.
 */
export interface DomainEvents {
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
  /** A calendar invitation was sent to a registered person (`userId`) or an address. */
  'calendarInvitation.sent': {
    actorId: string;
    inviter: { name: string; language: string };
    calendar: NotificationCalendar;
    invitee: { userId: string | null; name: string; email: string };
  };
  /** The invitee answered a calendar invitation; `inviterId` sent it, when known. */
  'calendarInvitation.answered': {
    calendarId: string;
    recipientId: string;
    inviterId: string | null;
    calendar: NotificationCalendar | null;
    answer: 'accepted' | 'rejected';
  };
  /**
   * A registered person's membership or invitation ended: taken back or removed by `actorId`,
   * or left by themselves (`actorId` is `userId`).
   */
  'calendarMember.removed': {
    calendarId: string;
    userId: string;
    actorId: string;
    wasConfirmed: boolean;
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
  /** An event invitation (the RSVP `rsvpId`) was sent to a registered person or an address. */
  'eventInvitation.sent': {
    actorId: string;
    inviter: { name: string; language: string };
    root: { id: string; calendarId: string; ownerId: string; name: string };
    event: NotificationEvent;
    invitee: { userId: string | null; name: string; email: string };
    rsvpId: string;
  };
  /**
   * A registered person's event invitation ended: taken back by `actorId` or left by themselves
   * (`actorId` is `userId`); `wasSent` once it had been sent.
   */
  'eventInvitation.removed': {
    actorId: string;
    userId: string;
    root: { id: string; ownerId: string };
    event: NotificationEvent;
    rsvpId: string;
    wasSent: boolean;
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
  /** The invitee answered an event invitation; `senderId` sent it, when known. */
  'eventInvitation.answered': {
    recipientId: string;
    senderId: string | null;
    root: { id: string; ownerId: string };
    event: NotificationEvent | null;
    calendar: NotificationCalendar | null;
    rsvpId: string;
    answer: 'attending' | 'notAttending';
  };
}

/** Records a domain event in the caller's transaction (`ctx.record`). */
export type RecordDomainEvent = Recorder<DomainEvents>;

/** A subscriber of one domain event type. */
export type SubscriberOf<K extends keyof DomainEvents> = Subscriber<
  DomainEventOf<DomainEvents, K>,
  AppContext
>;
