import type { AppContext } from '../context.ts';
import type { Db } from '../db/connect.ts';

/**
 * Runs a change in one transaction, then wakes the outbox so the side effects it recorded
 * (mail, push, realtime messages) go out at once rather than at the next poll.
 */
export async function transact<T>(
  ctx: Pick<AppContext, 'db' | 'outbox'>,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction((tx) => work(tx));
  ctx.outbox.kick();
  return result;
}
