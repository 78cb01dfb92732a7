import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** A private note one user keeps about another; only its author ever reads it. */
export const userNotes = pgTable(
  'user_notes',
  {
    authorId: text('author_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.authorId, table.subjectId] })],
);

/**
 * A report about a user, for support to investigate. One per reporter and reported user: the
 * unique index is what makes a concurrent duplicate lose (spec: a second report answers 429).
 */
export const userReports = pgTable(
  'user_reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reportedId: text('reported_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_reports_reporter_reported_key').on(table.reporterId, table.reportedId),
    index('user_reports_reported_idx').on(table.reportedId),
  ],
);

/** Timezones an account picked lately (event forms offer them first); a few per account. */
export const recentTimezones = pgTable(
  'recent_timezones',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** IANA name, e.g. Europe/Bucharest. */
    name: text('name').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.name] })],
);
