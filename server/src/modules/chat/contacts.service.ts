import type { ChatContact, contactSearchQuery } from '@convene/contract';
import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type AccountFields, accountFieldColumns } from '../../db/accountFields.ts';
import { accounts, userBlocks } from '../../db/schema/index.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { presentUser } from '../accounts/accounts.presenter.ts';
import { getVisibleAccounts } from './chat.access.ts';
import { personPolicy } from './chat.policy.ts';
import { containsPattern } from './conversations.service.ts';

/** A contact as the viewer sees them: the e-mail as their privacy allows, or as typed whole. */
function presentContact(viewer: Viewer, row: AccountFields, isBlocked: boolean, typed?: string): ChatContact {
  const seen = presentUser(viewer.account, row);
  return {
    userId: row.id,
    name: row.name,
    email: seen.email ?? (row.status === 'active' && row.email === typed ? row.email : null),
    imageLink: row.imageLink,
    isBlocked,
  };
}

/**
 * GET /api/users?q&skip&limit: people to chat with (PRODUCT.md §2.5), by name, or by an address
 * typed whole (or public); blocked people after the others, each group by name ignoring case.
 */
export async function searchContacts(
  ctx: AppContext,
  viewer: Viewer,
  query: z.output<typeof contactSearchQuery>,
): Promise<ChatContact[]> {
  const viewerId = viewer.account.id;
  const text = query.q;
  const rows = await ctx.db
    .select({ account: accountFieldColumns, blockedAt: userBlocks.createdAt })
    .from(accounts)
    .leftJoin(userBlocks, and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, accounts.id)))
    .where(
      and(
        ne(accounts.id, viewerId),
        ne(accounts.status, 'deleted'),
        or(
          ilike(accounts.name, containsPattern(text)),
          and(
            eq(accounts.status, 'active'),
            or(
              eq(accounts.email, text),
              and(eq(accounts.privacyEmail, true), ilike(accounts.email, containsPattern(text))),
            ),
          ),
        ),
      ),
    )
    .orderBy(sql`${userBlocks.createdAt} is not null`, sql`lower(${accounts.name})`, asc(accounts.id))
    .offset(query.skip)
    .limit(query.limit);
  return rows.map((row) => presentContact(viewer, row.account, row.blockedAt !== null, text));
}

/** GET /api/users/blocks: the people the viewer blocked, most recent first. */
export async function listBlocks(ctx: AppContext, viewer: Viewer): Promise<ChatContact[]> {
  const rows = await ctx.db
    .select({ account: accountFieldColumns })
    .from(userBlocks)
    .innerJoin(accounts, eq(accounts.id, userBlocks.blockedId))
    .where(and(eq(userBlocks.blockerId, viewer.account.id), ne(accounts.status, 'deleted')))
    .orderBy(desc(userBlocks.createdAt), asc(accounts.id));
  return rows.map((row) => presentContact(viewer, row.account, true));
}

/**
 * POST /api/users/{userId}/block. The block is one fact (user_blocks) that chat, invitations and
 * notifications all read: nothing else is written.
 */
export async function blockUser(ctx: AppContext, viewer: Viewer, userId: string): Promise<void> {
  const viewerId = viewer.account.id;
  await getVisibleAccounts(ctx.db, [userId]);
  const [existing] = await ctx.db
    .select()
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, userId)));
  personPolicy.authorize(
    { viewer: viewer.account, targetId: userId, targetIsBlocked: Boolean(existing), blockedEitherWay: false },
    'block',
  );
  await transact(ctx, async (tx) => {
    const inserted = await tx
      .insert(userBlocks)
      .values({ blockerId: viewerId, blockedId: userId })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0)
      await ctx.record(tx, { type: 'user.blocked', blockerId: viewerId, blockedId: userId });
  });
}

/** DELETE /api/users/{userId}/block: lifting a block that is not there changes nothing. */
export async function unblockUser(ctx: AppContext, viewer: Viewer, userId: string): Promise<void> {
  const viewerId = viewer.account.id;
  await getVisibleAccounts(ctx.db, [userId]);
  await transact(ctx, async (tx) => {
    const removed = await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, userId)))
      .returning();
    if (removed.length > 0) {
      await ctx.record(tx, { type: 'user.unblocked', blockerId: viewerId, blockedId: userId });
    }
  });
}
