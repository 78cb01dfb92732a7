import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** What a notification's payload carries (PRODUCT.md §2.3 Notification.payload). */
export interface NotificationPayload {
  requiresRSVP: boolean;
  permissions: { canView: boolean };
  initiator?: { userId: string; name: string } | null;
  target?: { userId?: string | null; name?: string | null; email?: string | null } | null;
  changes?: Record<string, unknown> | null;
}

/** Snapshot of the event a notification is about, as it was when sent. */
export interface NotificationEvent {
  eventId: string;
  name: string;
  startDate: string;
  endDate: string;
  timezone: string;
  isAllDay: boolean;
  kind: string;
  coverPhotos?: string[];
}

/** Snapshot of the calendar a notification is about. */
export interface NotificationCalendar {
  calendarId: string;
  name: string;
  color: string;
  visibility: string;
}

/**
 * One row per recipient. Requests (invitations) start `pending` and end `accepted` or
 * `rejected`; plain notifications have no status.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    senderId: text('sender_id').references(() => accounts.id, { onDelete: 'set null' }),
    initiatorId: text('initiator_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** pending | accepted | rejected, or null for a plain notification */
    status: text('status'),
    hasBeenRead: boolean('has_been_read').notNull().default(false),
    actionDate: timestamp('action_date', { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb('payload').$type<NotificationPayload>().notNull(),
    rsvpId: text('rsvp_id'),
    calendarId: text('calendar_id'),
    eventId: text('event_id'),
    event: jsonb('event').$type<NotificationEvent>(),
    calendar: jsonb('calendar').$type<NotificationCalendar>(),
    details: text('details'),
  },
  (table) => [
    index('notifications_recipient_date_idx').on(table.recipientId, table.actionDate.desc(), table.id.desc()),
    index('notifications_recipient_pending_idx')
      .on(table.recipientId, table.actionDate.desc())
      .where(sql`status = 'pending'`),
    index('notifications_recipient_unread_idx').on(table.recipientId).where(sql`has_been_read = false`),
  ],
);

/** A browser's Web Push subscription for an account (POST /api/devices). */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_devices_endpoint_key').on(table.endpoint),
    index('push_devices_account_idx').on(table.accountId),
  ],
);

/** Who blocked whom; a blocked user's actions never notify the blocker (chat builds on it). */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('user_blocks_blocked_idx').on(table.blockedId),
  ],
);
