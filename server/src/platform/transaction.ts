import type { AppContext } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { outboxKindsWritten } from './outbox.ts';

/**
 * Runs a change in one transaction, then wakes the outbox lanes of the side effects it recorded
 * (mail, push, realtime messages) so they go out at once rather than at the next poll; a change
 * that recorded none wakes nothing.
 */
export async function transact<T>(
  ctx: Pick<AppContext, 'db' | 'outbox'>,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  let written: Db | undefined;
  const result = await ctx.db.transaction((tx) => {
    written = tx;
    return work(tx);
  });
  const kinds = written ? outboxKindsWritten(written) : [];
  if (kinds.length > 0) ctx.outbox.kick(kinds);
  return result;
}
