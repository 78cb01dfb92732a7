import type { SubscriberOf } from '../../context.ts';
import { claimPendingPlaces } from './invitations.service.ts';
import { isSupportAddress, joinSupportThreads, openSupportThread } from './support.service.ts';

/**
 * Chat's part of an account's start, driven only by the events the auth side records: a new
 * account has its support thread at once, and proving an address turns the places kept for it
 * into participation (and makes the support account take part in every support thread).
 */

/** A new account gets its support thread in the transaction that creates it. */
export const openAccountSupportThread: SubscriberOf<'account.registered'> = (tx, event, ctx) =>
  openSupportThread(ctx, tx, { id: event.userId, email: event.email });

/** The places kept for a proven address become the account's; support joins every thread. */
export const claimChatPlaces: SubscriberOf<'account.addressProven'> = async (tx, event, ctx) => {
  await claimPendingPlaces(ctx, tx, { id: event.userId, email: event.email });
  if (isSupportAddress(ctx, event.email)) await joinSupportThreads(tx, event.userId);
};
