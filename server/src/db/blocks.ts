import { type Column, type SQL, sql } from 'drizzle-orm';
import type { Db } from './connect.ts';
import { userBlocks } from './schema/index.ts';

/**
 * SQL true when either person has blocked the other (`user_blocks`, one fact every feature
 * reads); each side is a column of the statement or a value.
 */
export function blockedEitherWay(a: Column | SQL | string, b: Column | SQL | string): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${userBlocks} WHERE (${userBlocks.blockerId} = ${a} AND ${userBlocks.blockedId} = ${b})
    OR (${userBlocks.blockerId} = ${b} AND ${userBlocks.blockedId} = ${a}))`;
}

/** Whether either of two people has blocked the other. */
export async function isBlockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db.select({ value: blockedEitherWay(a, b) }).from(sql`(SELECT 1) AS one`);
  return row?.value === true;
}
