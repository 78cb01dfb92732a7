import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the server generates on first start (bot-check HMAC key, VAPID keys, …). Kept in
 * the database rather than a node's disk so every process behind a load balancer shares them.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bot-check answers already accepted, so one solved challenge cannot be replayed. */
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_captchas_expires_idx').on(table.expiresAt)],
);
