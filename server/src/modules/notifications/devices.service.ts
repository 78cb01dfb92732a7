import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { pushDevices } from '../../db/schema/index.ts';
import { validation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { checkPushTarget } from '../../platform/pushTarget.ts';

/**
 * Stores a browser's push subscription for the account. One browser (endpoint) belongs to the
 * account that registered it last, so a shared computer does not push to the previous user.
 * The server later POSTs to the endpoint, so only https endpoints on public addresses (and
 * allowed hosts, when configured) are accepted: 400 on deviceToken.endpoint otherwise.
 */
export async function registerDevice(
  ctx: AppContext,
  accountId: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  const target = await checkPushTarget(subscription.endpoint, ctx.config.push);
  if (!target.ok) throw validation('deviceToken.endpoint', `Push endpoint refused: ${target.reason}`);
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
