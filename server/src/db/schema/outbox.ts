import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Side effects written in the same transaction as the change that causes them and delivered
 * by the outbox worker with retries (DESIGN.md §6).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** mail | … — one handler per kind in platform/outbox.ts */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The deliveries lane claims due rows by due time (platform/outboxLane.ts).
    index('outbox_pending_idx').on(table.runAt).where(sql`done_at IS NULL`),
    // The realtime lane claims pending rows by id, the order they were recorded: a backlog is read
    // a round at a time from here, never by walking the day of delivered rows in the primary key.
    index('outbox_pending_order_idx').on(table.id).where(sql`done_at IS NULL`),
    // The sweep deletes rows delivered more than a day ago: it reads those alone, not the whole day
    // the table holds (OutboxWorker.sweep).
    index('outbox_swept_idx').on(table.doneAt).where(sql`done_at IS NOT NULL AND last_error IS NULL`),
  ],
);
