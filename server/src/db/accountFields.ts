import { getTableColumns } from 'drizzle-orm';
import { accounts } from './schema/index.ts';

/**
 * Every column of `accounts` but the password hash: what a read of accounts selects to present
 * them or to stand for the signed-in viewer. Only signing in and changing the password read the
 * hash, each for itself.
 */
const { passwordHash: _passwordHash, ...accountFieldColumns } = getTableColumns(accounts);

export { accountFieldColumns };

/** An account's columns but its password hash. */
export type AccountFields = Omit<typeof accounts.$inferSelect, 'passwordHash'>;
