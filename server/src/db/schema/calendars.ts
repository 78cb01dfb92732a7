import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** Flags a calendar grants to people reaching it without a membership of their own. */
export interface PermissionFlags {
  canView: boolean;
  canAdd: boolean;
  canEdit: boolean;
  canShare: boolean;
}

/** Per-calendar settings (PRODUCT.md §1.3 calendarSettings). */
export interface CalendarSettings {
  enableETA: boolean;
  enableNotices: boolean;
  enableChatPushNotifications: boolean;
  order: number;
}

/** A calendar. Every account owns exactly one personal calendar, made at registration. */
export const calendars = pgTable(
  'calendars',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** public | private */
    visibility: text('visibility').notNull().default('private'),
    details: text('details'),
    color: text('color').notNull().default('#4256c1'),
    coverPhotoUrl: text('cover_photo_url'),
    coverPhotoCroppedUrl: text('cover_photo_cropped_url'),
    coverPhotoLink: text('cover_photo_link'),
    /** The chat conversation that follows this calendar, once chat exists. */
    linkedChatId: text('linked_chat_id'),
    /** create | update | delete: the last change, as realtime messages and answers report it. */
    lastActionType: text('last_action_type').notNull().default('create'),
    isPersonal: boolean('is_personal').notNull().default(false),
    defaultPermissions: jsonb('default_permissions').$type<PermissionFlags>().notNull(),
    /** Settings a new member starts with; each member then keeps their own. */
    settings: jsonb('settings').$type<CalendarSettings>().notNull(),
    /**
     * The member the owner offered ownership to, while the offer is pending (one at a time); the
     * offer ends with the membership.
     */
    ownershipOfferMemberId: text('ownership_offer_member_id').references(
      (): AnyPgColumn => calendarMembers.id,
      { onDelete: 'set null' },
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('calendars_owner_idx').on(table.ownerId)],
);

/** Member permission flags, including ownership. */
export interface MemberFlags extends PermissionFlags {
  isOwner: boolean;
}

/**
 * A person's place in a calendar: the owner, a member, or an invitee. An invitee without an
 * account is kept by e-mail (user_id null) until they register with that address.
 */
export const calendarMembers = pgTable(
  'calendar_members',
  {
    id: text('id').primaryKey(),
    calendarId: text('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** owner | admin | manager | assistant | member */
    role: text('role').notNull(),
    permissions: jsonb('permissions').$type<MemberFlags>().notNull(),
    /** False while the invitation is unanswered. */
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    settings: jsonb('settings').$type<CalendarSettings>().notNull(),
    invitedById: text('invited_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    lastActionType: text('last_action_type').notNull().default('create'),
    actionDate: timestamp('action_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('calendar_members_user_key')
      .on(table.calendarId, table.userId)
      .where(sql`user_id IS NOT NULL`),
    uniqueIndex('calendar_members_email_key').on(table.calendarId, table.email),
    index('calendar_members_user_idx').on(table.userId),
    index('calendar_members_email_idx').on(table.email),
  ],
);

/** One row per invitation sent, for the hourly per-user limit. */
export const invitationLog = pgTable(
  'invitation_log',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invitation_log_user_at_idx').on(table.userId, table.at)],
);
