import { profileLimits } from '@convene/contract';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { recentTimezones } from '../../db/schema/index.ts';

/** The account's recent timezones, most recent first (at most 5). */
export async function listRecentTimezones(db: Db, accountId: string): Promise<Array<{ name: string }>> {
  return db
    .select({ name: recentTimezones.name })
    .from(recentTimezones)
    .where(eq(recentTimezones.accountId, accountId))
    .orderBy(desc(recentTimezones.usedAt), recentTimezones.name)
    .limit(profileLimits.recentTimezonesMax);
}

/**
 * Records that the account just picked a timezone (it moves to the front) and forgets all
 * but the most recent five; answers the new list.
 */
export async function recordTimezone(
  db: Db,
  accountId: string,
  name: string,
): Promise<Array<{ name: string }>> {
  return db.transaction(async (tx) => {
    // clock_timestamp, not now(): two picks in quick succession still order correctly.
    await tx
      .insert(recentTimezones)
      .values({ accountId, name, usedAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({
        target: [recentTimezones.accountId, recentTimezones.name],
        set: { usedAt: sql`clock_timestamp()` },
      });
    const kept = tx
      .select({ name: recentTimezones.name })
      .from(recentTimezones)
      .where(eq(recentTimezones.accountId, accountId))
      .orderBy(desc(recentTimezones.usedAt), recentTimezones.name)
      .limit(profileLimits.recentTimezonesMax);
    await tx
      .delete(recentTimezones)
      .where(and(eq(recentTimezones.accountId, accountId), notInArray(recentTimezones.name, kept)));
    return listRecentTimezones(tx, accountId);
  });
}
