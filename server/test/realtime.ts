import { asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/connect.ts';
import { outbox } from '../src/db/schema/index.ts';
import type { OutboxPayloads } from '../src/platform/outbox.ts';
import type { RealtimeEnvelope } from '../src/platform/realtime.ts';

/**
 * The realtime messages recorded in the outbox (delivered or not), one per recipient, in the
 * order recorded: a row holds one message for several users.
 */
export async function queuedRealtime(db: Db): Promise<RealtimeEnvelope[]> {
  const rows = await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.kind, 'realtime'))
    .orderBy(asc(outbox.id));
  return rows.flatMap((row) => {
    const recorded = row.payload as unknown as OutboxPayloads['realtime'];
    if ('userId' in recorded) return [recorded];
    const { userIds, ...message } = recorded;
    return userIds.map((userId) => ({ userId, ...message }) as RealtimeEnvelope);
  });
}

/** The payloads of the realtime messages of one name recorded for a user (outbox rows, delivered or not). */
export async function listRealtimePayloads(db: Db, userId: string, message: string): Promise<unknown[]> {
  return (await queuedRealtime(db))
    .filter((envelope) => envelope.userId === userId && envelope.message === message)
    .map((envelope) => envelope.payload);
}
