import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { calendars } from './calendars.ts';

/** Where an event is (PRODUCT.md §1.3 location). */
export interface EventLocation {
  name: string | null;
  address: string | null;
  /** 'lat,lng' */
  coordinates: string | null;
  radius: number;
  autoAttendance: boolean;
}

/** One attachment item `{type, data}` as the contract validates it. */
export interface StoredAttachment {
  type: string;
  data: Record<string, unknown>;
}

/**
 * An event, a recurring series, or one changed or cancelled occurrence of a series.
 *
 * - A single event: repeating_rule and parent_id null.
 * - A series: repeating_rule set; start/end are the first occurrence's; series_until is the
 *   start of the last occurrence (null when the rule never ends), so a window query can skip
 *   series that ended before it.
 * - An exception: parent_id is the series and occurrence_date the start the series gave that
 *   occurrence; is_cancelled marks a deleted occurrence, otherwise its own fields replace it.
 */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    /** The originating calendar. */
    calendarId: text('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isAllDay: boolean('is_all_day').notNull().default(false),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    startTimezone: text('start_timezone').notNull(),
    endTimezone: text('end_timezone').notNull(),
    location: jsonb('location').$type<EventLocation>().notNull(),
    hexColor: text('hex_color').notNull().default('4256c1'),
    /** classic | info */
    kind: text('kind').notNull().default('classic'),
    rsvpType: integer('rsvp_type').notNull().default(1),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    colorSettings: jsonb('color_settings')
      .$type<{ type: 'dynamic' | 'manual'; cardColor: string }>()
      .notNull(),
    extendedProperties: jsonb('extended_properties')
      .$type<{ shouldHideDates: boolean; shouldHideLocation: boolean }>()
      .notNull(),
    reminders: jsonb('reminders').$type<Array<{ fireInterval: number }>>().notNull().default([]),
    /** The description is the first `text` item, as the spec keeps it. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    livestreamsMax: integer('livestreams_max').notNull().default(4),
    repeatingRule: text('repeating_rule'),
    seriesUntil: timestamp('series_until', { withTimezone: true }),
    parentId: text('parent_id').references((): AnyPgColumn => events.id, { onDelete: 'cascade' }),
    occurrenceDate: timestamp('occurrence_date', { withTimezone: true }),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    /** create | update | delete, as realtime messages and answers report it. */
    lastActionType: text('last_action_type').notNull().default('create'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // The agenda's keyset: one calendar's single events in (start, id) order. Ids are 32
    // lowercase hex characters, which every collation orders the same way.
    index('events_calendar_start_idx')
      .on(table.calendarId, table.startDate, table.id)
      .where(sql`repeating_rule IS NULL AND parent_id IS NULL`),
    // Series are expanded in code: a window needs the calendar's series still running.
    index('events_calendar_series_idx')
      .on(table.calendarId, table.seriesUntil)
      .where(sql`repeating_rule IS NOT NULL AND parent_id IS NULL`),
    uniqueIndex('events_exception_key')
      .on(table.parentId, table.occurrenceDate)
      .where(sql`parent_id IS NOT NULL`),
    index('events_owner_idx').on(table.ownerId),
  ],
);

/**
 * RSVPs and invitations (PRODUCT.md §1.3 UserEventStatus): one row per person and event (for a
 * series, per series). A registered person invited from another calendar also sees the event in
 * their personal calendar (link_calendar_id); event_start and event_is_series copy the event's
 * so that link can be paged by the same keyset as the calendar's own events.
 */
export const userEventStatuses = pgTable(
  'user_event_statuses',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Null for someone invited by e-mail without an account (yet). */
    userId: text('user_id').references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** The calendar the invitation was sent from. */
    groupId: text('group_id').references(() => calendars.id, { onDelete: 'set null' }),
    /** pending | attending | notAttending | none */
    rsvp: text('rsvp').notNull().default('pending'),
    /** unknown | present | absent */
    attendance: text('attendance').notNull().default('unknown'),
    invitedById: text('invited_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** When the invitation was sent (null while only added, before POST /share/event). */
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    linkCalendarId: text('link_calendar_id').references(() => calendars.id, { onDelete: 'set null' }),
    eventStart: timestamp('event_start', { withTimezone: true }).notNull(),
    eventIsSeries: boolean('event_is_series').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_event_statuses_user_key')
      .on(table.eventId, table.userId)
      .where(sql`user_id IS NOT NULL`),
    uniqueIndex('user_event_statuses_email_key').on(table.eventId, table.email),
    index('user_event_statuses_name_idx').on(table.eventId, sql`lower(${table.name})`, table.id),
    index('user_event_statuses_link_start_idx')
      .on(table.linkCalendarId, table.eventStart, table.eventId)
      .where(sql`link_calendar_id IS NOT NULL AND NOT event_is_series`),
    index('user_event_statuses_link_series_idx')
      .on(table.linkCalendarId)
      .where(sql`link_calendar_id IS NOT NULL AND event_is_series`),
    index('user_event_statuses_email_idx').on(table.email).where(sql`user_id IS NULL`),
  ],
);
