import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { events } from './events.ts';

/**
 * A live stream of an event (PRODUCT.md §2.3 Stream, §2.7): one broadcaster's feed. The id is the
 * client's streamId, so a retried start finds the same row. `event_id` is the single event or
 * series row (rights, RSVPs and the maximum are the root's); `event_key` the eventId as
 * presented, which for one occurrence of a series is the occurrence id: streams belong to the
 * occurrence they were started from, and the event's room is named by it.
 */
export const eventStreams = pgTable(
  'event_streams',
  {
    id: uuid('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    /** The broadcaster (the stream's initiator). */
    userId: text('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** live | ended */
    status: text('status').notNull().default('live'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** stopped | publisher-gone | event-deleted | room-finished */
    endedReason: text('ended_reason'),
  },
  (table) => [
    // The agenda and the maximum read the live streams of a page's events: a small partial index.
    index('event_streams_live_idx').on(table.eventKey).where(sql`status = 'live'`),
    // Ending by root (event deleted, RSVP changed) reads the root's live streams.
    index('event_streams_live_root_idx').on(table.eventId).where(sql`status = 'live'`),
  ],
);
