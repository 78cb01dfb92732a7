import { type ChatInvitationAnswer, chatMessages } from '@convene/contract';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type AccountFields, accountFieldColumns } from '../../db/accountFields.ts';
import type { Db } from '../../db/connect.ts';
import { accounts, chatInvitations, conversationParticipants, conversations } from '../../db/schema/index.ts';
import { notFound, validation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { addToOutbox } from '../../platform/outbox.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { spendInvitation } from '../invitations/invitationLimit.ts';
import { personPolicy } from './chat.policy.ts';
import { chatInvitationMail } from './invitations.mails.ts';

type InvitationRow = typeof chatInvitations.$inferSelect;

/**
 * GET /api/users/invitations?email: the id standing for that address in a conversation's users.
 * An address with a confirmed account answers that account; any other gets an invitation
 * (one per address) and an invitation mail, counted against the hourly invitation limit, and
 * only from a confirmed account (403 otherwise, nothing kept).
 */
export async function inviteByEmail(
  ctx: AppContext,
  viewer: Viewer,
  email: string,
): Promise<ChatInvitationAnswer> {
  personPolicy.authorize(
    { viewer: viewer.account, targetId: '', targetIsBlocked: false, blockedEitherWay: false },
    'createChat',
  );
  if (email === viewer.account.email) throw validation('email', chatMessages.ownAddress);
  const [account] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.email, email), eq(accounts.status, 'active')));
  if (account) return { userId: account.id, linkedEntity: { email } };
  personPolicy.authorize(
    { viewer: viewer.account, targetId: '', targetIsBlocked: false, blockedEitherWay: false },
    'mailInvitation',
  );
  return transact(ctx, async (tx) => {
    await spendInvitation(tx, viewer.account.id, ctx.config.invitationHourlyLimit);
    await tx
      .insert(chatInvitations)
      .values({ id: newId(), email, invitedById: viewer.account.id })
      .onConflictDoNothing({ target: chatInvitations.email });
    const [row] = await tx.select().from(chatInvitations).where(eq(chatInvitations.email, email));
    if (!row) throw new Error('chat invitation vanished');
    await addToOutbox(
      tx,
      'mail',
      chatInvitationMail(viewer.account.language, email, viewer.account.name, `${ctx.config.publicUrl}/chat`),
    );
    return { userId: row.id, linkedEntity: { email } };
  });
}

/** The people a list of ids names: accounts others may see, and invitations by e-mail; 404 for any other. */
export async function resolvePeople(
  db: Db,
  ids: string[],
): Promise<{ accounts: AccountFields[]; invitations: InvitationRow[] }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { accounts: [], invitations: [] };
  const [found, invited] = await Promise.all([
    db
      .select(accountFieldColumns)
      .from(accounts)
      .where(and(inArray(accounts.id, unique), ne(accounts.status, 'deleted'))),
    db.select().from(chatInvitations).where(inArray(chatInvitations.id, unique)),
  ]);
  if (found.length + invited.length !== unique.length) throw notFound('User not found');
  return { accounts: found, invitations: invited };
}

/** Pending places for invited addresses, once per conversation and address. */
export async function insertPendingPlaces(tx: Db, conversationId: string, invitations: InvitationRow[]) {
  if (invitations.length === 0) return;
  await tx
    .insert(conversationParticipants)
    .values(
      invitations.map((invitation) => ({
        id: newId(),
        conversationId,
        email: invitation.email,
        role: 'participant',
        status: 'pending',
      })),
    )
    .onConflictDoNothing();
}

/**
 * An account that proved its address (`account.addressProven`) takes the places kept for that
 * address, in its transaction and in one statement (a place where it already takes part stays
 * pending and unused). A 1to1 started with the address gets the pair's direct key when the pair
 * has no other 1to1. Never at registration alone: anyone can register with someone else's address.
 */
export async function claimPendingPlaces(
  ctx: Pick<AppContext, 'record'>,
  tx: Db,
  account: { id: string; email: string },
): Promise<void> {
  const { id: userId, email } = account;
  const claimed = await tx
    .update(conversationParticipants)
    .set({ userId, email: null, status: 'active', updatedAt: sql`now()` })
    .where(
      and(
        isNull(conversationParticipants.userId),
        eq(conversationParticipants.email, email),
        eq(conversationParticipants.status, 'pending'),
        sql`not exists (select 1 from ${conversationParticipants} mine
          where mine.conversation_id = ${conversationParticipants.conversationId} and mine.user_id = ${userId})`,
      ),
    )
    .returning({ conversationId: conversationParticipants.conversationId });
  for (const { conversationId } of claimed) {
    const [direct] = await tx
      .select({ directKey: conversations.directKey, createdById: conversations.createdById })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.type, '1to1')));
    if (direct?.createdById && direct.directKey) {
      const pairKey = [direct.createdById, userId].sort().join(':');
      await tx.execute(sql`UPDATE ${conversations} SET direct_key = ${pairKey}
        WHERE id = ${conversationId} AND NOT EXISTS (SELECT 1 FROM ${conversations} WHERE direct_key = ${pairKey})`);
    }
    await ctx.record(tx, {
      type: 'chat.participantsJoined',
      conversationId,
      actorId: userId,
      userIds: [userId],
    });
  }
}
