import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A conversation (PRODUCT.md §2.3): a `1to1` between two people, a `group`, or the `calendar`
 * conversation of one calendar. `last_seq` is the position of its newest message: messages are
 * numbered 1, 2, 3 … without gaps, so paging and unread counts are index range reads.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    /** 1to1 | group | calendar */
    type: text('type').notNull(),
    name: text('name'),
    description: text('description'),
    photo: text('photo'),
    /** active | unavailable (its calendar was deleted: readable, no longer writable) */
    status: text('status').notNull().default('active'),
    color: text('color'),
    /** The account's conversation with support (one per account: `support_account_id`). */
    isSupportThread: boolean('is_support_thread').notNull().default(false),
    supportAccountId: text('support_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** The calendar a `calendar` conversation belongs to (linkedEntity.linkedTo). */
    linkedTo: text('linked_to'),
    /** `<smaller id>:<larger id>` of a 1to1: the unique index makes a second 1to1 impossible. */
    directKey: text('direct_key'),
    createdById: text('created_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The newest message's seq (0 before the first). */
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last message or change: the conversation list is ordered by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the owner deleted a group: it is gone for everyone. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('conversations_direct_key').on(table.directKey),
    uniqueIndex('conversations_linked_to_key').on(table.linkedTo),
    uniqueIndex('conversations_support_account_key').on(table.supportAccountId),
  ],
);

/**
 * A person's place in a conversation. A pending place invited by e-mail has an `email` and no
 * user yet; it becomes a real participation when that person registers. `last_read_seq` is
 * what they have read: unread = conversations.last_seq − last_read_seq.
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** The invited address of a pending place (no account yet). */
    email: text('email'),
    /** owner | admin | participant */
    role: text('role').notNull().default('participant'),
    /** active | pending | unavailable | deleted (left or removed) */
    status: text('status').notNull().default('active'),
    muted: boolean('muted').notNull().default(false),
    /** Deleted from their list; a new message brings it back. */
    hidden: boolean('hidden').notNull().default(false),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversation_participants_user_key')
      .on(table.conversationId, table.userId)
      .where(sql`user_id IS NOT NULL`),
    uniqueIndex('conversation_participants_email_key')
      .on(table.conversationId, table.email)
      .where(sql`user_id IS NULL`),
    index('conversation_participants_user_idx').on(table.userId, table.status),
    index('conversation_participants_email_idx').on(table.email).where(sql`user_id IS NULL`),
  ],
);

/**
 * A message: `seq` is its dense position in the conversation. A retry of a send carries the
 * same `client_key`; the unique index on (conversation, sender, client key) is what makes a
 * send idempotent across requests, restarts and server processes.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** Null for system messages. */
    senderId: text('sender_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** message | system */
    type: text('type').notNull().default('message'),
    /** Markdown as written (never rendered by the server); a system message's i18n key. */
    message: text('message'),
    media: text('media'),
    /** What a system message is about: the names it mentions. */
    data: jsonb('data').$type<Record<string, string>>(),
    /** created */
    status: text('status').notNull().default('created'),
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('messages_conversation_seq_key').on(table.conversationId, table.seq),
    uniqueIndex('messages_client_key')
      .on(table.conversationId, table.senderId, table.clientKey)
      .where(sql`client_key IS NOT NULL`),
  ],
);

/**
 * An invitation to chat sent to an address with no account (GET /api/users/invitations): its id
 * stands for that person in a conversation's `users` until they register, when their pending
 * places (participants with this e-mail) become theirs.
 */
export const chatInvitations = pgTable('chat_invitations', {
  id: text('id').primaryKey(),
  /** Lower-cased; one invitation per address. */
  email: text('email').notNull().unique('chat_invitations_email_key'),
  invitedById: text('invited_by_id').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
