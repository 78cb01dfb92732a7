import { limits } from '@convene/contract';
import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { loginFailures } from '../db/schema/index.ts';
import { rateLimited } from './errors.ts';
import { newId } from './ids.ts';

/**
 * Failed-login throttle, kept in the database so every server process sees the same counts.
 * Guessing is blocked (429 with Retry-After) per (account, source IP) and per source IP, never
 * for the account as a whole: otherwise anyone could lock the owner out from anywhere
 * (ASVS 6.3.1). The account as a whole is only slowed down once many addresses have failed.
 */
export interface LoginThrottleKeys {
  /** One account guessed from one address: blocked at `failedLoginMax`. */
  pair: string;
  /** One address guessing any accounts: blocked at `failedLoginIpMax`. */
  ip: string;
  /** One account guessed from anywhere: slowed down, never blocked. */
  account: string;
}

/** The throttle keys of one login attempt. */
export function loginThrottleKeys(email: string, ip: string): LoginThrottleKeys {
  return { pair: `pair:${email}|${ip}`, ip: `ip:${ip}`, account: `email:${email}` };
}

/**
 * The delay every sign-in of an account waits once it has `failures` recent failures from
 * anywhere: none below `failedLoginSlowAfter`, then 0.5 s more per further failure, at most 5 s.
 */
export function accountSlowDownMs(failures: number): number {
  if (failures < limits.failedLoginSlowAfter) return 0;
  return Math.min(5000, 500 * (failures - limits.failedLoginSlowAfter + 1));
}

async function countFailures(db: Db, keys: string[]) {
  const since = new Date(Date.now() - limits.failedLoginWindowMs);
  const rows = await db
    .select({ key: loginFailures.key, failures: count(), oldest: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  return new Map(rows.map((row) => [row.key, row]));
}

/** Throws 429 with the seconds until the oldest failure of any blocked key leaves the window. */
function throwWhenBlocked(
  counts: Awaited<ReturnType<typeof countFailures>>,
  caps: Array<{ key: string; max: number }>,
): void {
  const blocked = caps.flatMap(({ key, max }) => {
    const row = counts.get(key);
    return row && row.failures >= max ? [row] : [];
  });
  if (blocked.length === 0) return;
  const retryAt = Math.max(
    ...blocked.map((row) => new Date(row.oldest ?? Date.now()).getTime() + limits.failedLoginWindowMs),
  );
  throw rateLimited(Math.max(1, Math.ceil((retryAt - Date.now()) / 1000)));
}

/**
 * Before checking a password: 429 when this address has guessed this account, or any accounts,
 * too often; otherwise waits the account's slow-down delay, if any.
 */
export async function throttleLogin(
  db: Db,
  keys: LoginThrottleKeys,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  const counts = await countFailures(db, [keys.pair, keys.ip, keys.account]);
  throwWhenBlocked(counts, [
    { key: keys.pair, max: limits.failedLoginMax },
    { key: keys.ip, max: limits.failedLoginIpMax },
  ]);
  const delay = accountSlowDownMs(counts.get(keys.account)?.failures ?? 0);
  if (delay > 0) await sleep(delay);
}

/** Throws 429 when one key (e.g. the current-password check of one account) reached the limit. */
export async function assertLoginAllowed(db: Db, key: string): Promise<void> {
  throwWhenBlocked(await countFailures(db, [key]), [{ key, max: limits.failedLoginMax }]);
}

/** Records one failed attempt under every key and forgets failures older than the window. */
export async function recordLoginFailure(db: Db, keys: string[]): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ id: newId(), key })));
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(Date.now() - limits.failedLoginWindowMs)));
}

/** A successful sign-in clears the given keys (the address's own count stays). */
export async function clearLoginFailures(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}

/** Clears one key. */
export async function clearLoginFailure(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
