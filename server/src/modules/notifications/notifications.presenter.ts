import type { Notification, NotificationType } from '@convene/contract';
import type { notifications } from '../../db/schema/index.ts';
import type { NotificationTokens } from './notifications.tokens.ts';

type Row = typeof notifications.$inferSelect;
type Person = { userId: string; name: string; imageLink: string | null } | null;

/** A notification as its recipient sees it; the answer token only while the request is pending. */
export function presentNotification(
  row: Row,
  people: { sender: Person; initiator: Person },
  tokens: NotificationTokens,
): Notification {
  return {
    notificationId: row.id,
    notificationType: row.type as NotificationType,
    sender: people.sender,
    initiator: people.initiator,
    status: row.status as Notification['status'],
    hasBeenRead: row.hasBeenRead,
    actionDate: row.actionDate.toISOString(),
    token: row.status === 'pending' ? tokens.sign(row.id) : null,
    payload: row.payload,
    rsvpId: row.rsvpId,
    event: row.event,
    calendar: row.calendar,
    details: row.details,
  };
}
