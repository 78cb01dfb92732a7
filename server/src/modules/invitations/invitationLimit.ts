import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { invitationLog } from '../../db/schema/index.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';

const hourMs = 60 * 60 * 1000;

/**
 * Counts one invitation against the sender's hourly limit, or answers 429. A transaction-scoped
 * advisory lock per sender serialises concurrent invitations, so exactly `limit` of a burst
 * succeed, on one process or many.
 */
export async function spendInvitation(tx: Db, userId: string, limit: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`invitations:${userId}`}))`);
  const [row] = await tx
    .select({ value: count() })
    .from(invitationLog)
    .where(and(eq(invitationLog.userId, userId), gt(invitationLog.at, new Date(Date.now() - hourMs))));
  if ((row?.value ?? 0) >= limit) {
    throw new ApiError(
      429,
      'RATE_LIMITED',
      'Hourly invitation limit reached; contact support to raise it',
      undefined,
      {
        'retry-after': '3600',
      },
    );
  }
  await tx.insert(invitationLog).values({ id: newId(), userId });
}
