import type { Notification, NotificationType } from '@convene/contract';

/** The translation key of a notification's sentence: one per type, and a variant naming the invitee. */
export type NotificationTextKey =
  | `activity.types.${NotificationType}`
  | 'activity.types.shareEventInfoTarget';

/** The names a sentence may mention. */
export type NameSlot = 'sender' | 'event' | 'calendar' | 'target';

/** Texts used when a name is missing (an account deleted, an invitee known by nothing). */
export interface FallbackNames {
  someone: string;
  event: string;
  calendar: string;
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

/** Which sentence a notification reads as (its type, and for shareEventInfo whether it names an invitee). */
export function notificationTextKey(notification: Notification): NotificationTextKey {
  if (notification.notificationType === 'shareEventInfo' && targetName(notification)) {
    return 'activity.types.shareEventInfoTarget';
  }
  return `activity.types.${notification.notificationType}`;
}

/** The names a notification's sentence mentions, with fallbacks for missing ones. */
function notificationNames(notification: Notification, fallback: FallbackNames): Record<NameSlot, string> {
  return {
    sender: notification.sender?.name || notification.initiator?.name || fallback.someone,
    event: notification.event?.name || fallback.event,
    calendar: notification.calendar?.name || fallback.calendar,
    target: targetName(notification) ?? fallback.someone,
  };
}

const slotPattern = /\{\{(sender|event|calendar|target)\}\}/;

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
