import { and, sql } from 'drizzle-orm';
import type { Db } from '../src/db/connect.ts';
import { outbox } from '../src/db/schema/index.ts';

/** The payloads of the realtime messages of one name recorded for a user (outbox rows, delivered or not). */
export async function listRealtimePayloads(db: Db, userId: string, message: string): Promise<unknown[]> {
  const rows = await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        sql`${outbox.kind} = 'realtime'`,
        sql`${outbox.payload}->>'userId' = ${userId}`,
        sql`${outbox.payload}->>'message' = ${message}`,
      ),
    );
  return rows.map((row) => (row.payload as { payload: unknown }).payload);
}
