import {
  type AssignableCalendarRole,
  assignableCalendarRoles,
  type Notification,
  type NotificationType,
} from '@convene/contract';

/** The answers an RSVP change's sentence says (PRODUCT.md §1.4 RSVP display). */
const sayableAnswers = ['attending', 'notAttending', 'none'] as const;
type SayableAnswer = (typeof sayableAnswers)[number];

/**
 * The translation key of a notification's sentence: one per type, a variant naming the invitee,
 * one for a calendar change that is the recipient's new role, and an RSVP change's per answer.
 */
export type NotificationTextKey =
  | `activity.types.${NotificationType}`
  | 'activity.types.shareEventInfoTarget'
  | 'activity.types.calendarRoleChanged'
  | `activity.rsvpAnswer.${SayableAnswer}`;

/** The names a sentence may mention (a role is shown like a name: bold, never parsed). */
export type NameSlot = 'sender' | 'event' | 'calendar' | 'target' | 'role';

/** Texts used when a name is missing (an account deleted, an invitee known by nothing), and role labels. */
export interface FallbackNames {
  someone: string;
  event: string;
  calendar: string;
  /** A role's label, as People shows it ('Manager'). */
  role: (role: AssignableCalendarRole) => string;
}

/** A piece of a sentence: plain words, or a name shown in bold (with the slot it fills). */
export interface TextSegment {
  text: string;
  isName: boolean;
  slot?: NameSlot;
}

/** Translates a key, filling the given placeholders. */
export type Translate = (key: NotificationTextKey, values: Record<NameSlot, string>) => string;

function targetName(notification: Notification): string | null {
  const target = notification.payload.target;
  return target?.name || target?.email || null;
}

/**
 * The role a notification gives its recipient: a calendar change whose `changes.role` is their new
 * role, or the old owner's new role when ownership was handed over; null otherwise.
 */
export function changedRole(notification: Notification): AssignableCalendarRole | null {
  const role = notification.payload.changes?.role;
  return assignableCalendarRoles.find((candidate) => candidate === role) ?? null;
}

/** The answer an RSVP change carries (`payload.changes.rsvp`), when it is one a sentence says. */
function sayableAnswer(notification: Notification): SayableAnswer | null {
  const answer = notification.payload.changes?.rsvp;
  return sayableAnswers.find((value) => value === answer) ?? null;
}

/**
 * Which sentence a notification reads as: its type; for shareEventInfo whether it names an invitee;
 * for calendarChanged whether it is the recipient's new role; for rsvpUpdate the answer ("is
 * going", "is not going", "is in the loop").
 */
export function notificationTextKey(notification: Notification): NotificationTextKey {
  if (notification.notificationType === 'shareEventInfo' && targetName(notification)) {
    return 'activity.types.shareEventInfoTarget';
  }
  if (notification.notificationType === 'calendarChanged' && changedRole(notification)) {
    return 'activity.types.calendarRoleChanged';
  }
  const answer = notification.notificationType === 'rsvpUpdate' ? sayableAnswer(notification) : null;
  if (answer) return `activity.rsvpAnswer.${answer}`;
  return `activity.types.${notification.notificationType}`;
}

/** The names a notification's sentence mentions, with fallbacks for missing ones. */
function notificationNames(notification: Notification, fallback: FallbackNames): Record<NameSlot, string> {
  const role = changedRole(notification);
  return {
    sender: notification.sender?.name || notification.initiator?.name || fallback.someone,
    event: notification.event?.name || fallback.event,
    calendar: notification.calendar?.name || fallback.calendar,
    target: targetName(notification) ?? fallback.someone,
    role: role ? fallback.role(role) : '',
  };
}

const slotPattern = /\{\{(sender|event|calendar|target|role)\}\}/;

/**
 * A notification's sentence as segments, names apart so they can be shown in bold. The template
 * is translated with its own placeholders, then split: names are never parsed as markup.
 */
export function notificationSegments(
  notification: Notification,
  translate: Translate,
  fallback: FallbackNames,
): TextSegment[] {
  const names = notificationNames(notification, fallback);
  const template = translate(notificationTextKey(notification), {
    sender: '{{sender}}',
    event: '{{event}}',
    calendar: '{{calendar}}',
    target: '{{target}}',
    role: '{{role}}',
  });
  // split with one capture group alternates text and slot names: text, slot, text, slot, …
  return template
    .split(slotPattern)
    .map((part, index) =>
      index % 2 === 1
        ? { text: names[part as NameSlot], isName: true, slot: part as NameSlot }
        : { text: part, isName: false },
    )
    .filter((segment) => segment.text !== '');
}
