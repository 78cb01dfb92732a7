import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { pushDevices } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';

/**
 * Stores a browser's push subscription for the account. One browser (endpoint) belongs to the
 * account that registered it last, so a shared computer does not push to the previous user.
 */
export async function registerDevice(
  ctx: AppContext,
  accountId: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await ctx.db
    .insert(pushDevices)
    .values({ id: newId(), accountId, endpoint: subscription.endpoint, ...subscription.keys })
    .onConflictDoUpdate({
      target: pushDevices.endpoint,
      set: { accountId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    });
}

/** Forgets one of the account's push subscriptions (at logout, or when permission is revoked). */
export async function unregisterDevice(ctx: AppContext, accountId: string, endpoint: string): Promise<void> {
  await ctx.db
    .delete(pushDevices)
    .where(and(eq(pushDevices.accountId, accountId), eq(pushDevices.endpoint, endpoint)));
}
