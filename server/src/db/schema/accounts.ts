import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A person with a Convene account. E-mail is stored lower-cased and unique. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** scrypt$N$r$p$salt$hash; null for accounts that only sign in socially. */
    passwordHash: text('password_hash'),
    imageLink: text('image_link'),
    description: text('description'),
    phoneNumber: text('phone_number'),
    linkedIn: text('linked_in'),
    facebook: text('facebook'),
    privacyEmail: boolean('privacy_email').notNull().default(false),
    privacyPhoneNumber: boolean('privacy_phone_number').notNull().default(false),
    privacyLinkedIn: boolean('privacy_linked_in').notNull().default(false),
    privacyFacebook: boolean('privacy_facebook').notNull().default(false),
    canCreateChat: boolean('can_create_chat').notNull().default(true),
    /** pending | active | deleted */
    status: text('status').notNull().default('pending'),
    socialId: text('social_id'),
    hasUpdatedProfile: boolean('has_updated_profile').notNull().default(false),
    /** en | ro: the language of mails, taken from the browser at registration. */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('accounts_email_key').on(table.email)],
);

/** A signed-in session: one per login, its token stored only as a SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last request with the token, written at most once a minute (idle timeout, session list). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The User-Agent that signed in, to name the device in the session list. */
    userAgent: text('user_agent'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_account_idx').on(table.accountId),
  ],
);

/**
 * Single-use codes mailed or minted for one purpose: confirm an e-mail, reset a password,
 * or sign in once through /auto-login. Stored hashed; used_at marks them spent.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** confirmEmail | resetPassword | login | embed:<host origin> (modules/embed) */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('one_time_codes_account_idx').on(table.accountId, table.purpose)],
);

/** One row per failed login, keyed by account e-mail and by client IP, for the lockout window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('login_failures_key_at_idx').on(table.key, table.at)],
);
