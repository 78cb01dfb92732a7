import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** Flags a calendar grants to people reaching it without a membership of their own. */
export interface PermissionFlags {
  canView: boolean;
  canAdd: boolean;
  canEdit: boolean;
  canShare: boolean;
}

/** Per-calendar settings (spec part 1 §3 calendarSettings). */
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
    isPersonal: boolean('is_personal').notNull().default(false),
    defaultPermissions: jsonb('default_permissions').$type<PermissionFlags>().notNull(),
    settings: jsonb('settings').$type<CalendarSettings>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('calendars_owner_idx').on(table.ownerId)],
);
