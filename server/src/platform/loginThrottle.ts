import { limits } from '@convene/contract';
import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { loginFailures } from '../db/schema/index.ts';
import { rateLimited } from './errors.ts';
import { newId } from './ids.ts';

/**
 * Failed-login lockout: 10 failures per 15 minutes per account and per IP answer 429 with
 * Retry-After. Kept in the database so every server process sees the same count.
 */
export function loginThrottleKeys(email: string, ip: string): string[] {
  return [`email:${email}`, `ip:${ip}`];
}

/** Throws 429 when any key has reached the failure limit within the window. */
export async function assertLoginAllowed(db: Db, keys: string[]): Promise<void> {
  const since = new Date(Date.now() - limits.failedLoginWindowMs);
  const rows = await db
    .select({ key: loginFailures.key, failures: count(), oldest: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  const blocked = rows.filter((row) => row.failures >= limits.failedLoginMax);
  if (blocked.length === 0) return;
  const retryAt = Math.max(
    ...blocked.map((row) => new Date(row.oldest ?? Date.now()).getTime() + limits.failedLoginWindowMs),
  );
  throw rateLimited(Math.max(1, Math.ceil((retryAt - Date.now()) / 1000)));
}

/** Records one failed attempt under every key and forgets failures older than the window. */
export async function recordLoginFailure(db: Db, keys: string[]): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ id: newId(), key })));
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(Date.now() - limits.failedLoginWindowMs)));
}

/** A successful login clears the account's failures (the IP's stay). */
export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
