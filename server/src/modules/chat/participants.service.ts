import type { ChatParticipant, participantListQuery } from '@convene/contract';
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { accountFieldColumns } from '../../db/accountFields.ts';
import { accounts, conversationParticipants, userBlocks } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { getConversationAccess, isBlockedEitherWay, type ParticipantRow } from './chat.access.ts';
import { conversationPolicy, participantPolicy, personPolicy } from './chat.policy.ts';
import { presentParticipant } from './chat.presenter.ts';
import { insertPendingPlaces, resolvePeople } from './invitations.service.ts';
import { appendMessage } from './messages.service.ts';

/**
 * GET /api/conversations/{id}/users: me first, then active, pending, blocked (by me),
 * unavailable, each by name ignoring case (PRODUCT.md §2.4); people who left are not listed.
 * `from` (the first page's time) leaves out people who joined after it.
 */
export async function listParticipants(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: string,
  query: z.output<typeof participantListQuery>,
): Promise<ChatParticipant[]> {
  const access = await getConversationAccess(ctx.db, conversationId, viewer.account.id);
  const viewerId = viewer.account.id;
  const rows = await ctx.db
    .select({
      participant: conversationParticipants,
      account: accountFieldColumns,
      blockedAt: userBlocks.createdAt,
    })
    .from(conversationParticipants)
    .leftJoin(accounts, eq(accounts.id, conversationParticipants.userId))
    .leftJoin(
      userBlocks,
      and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, conversationParticipants.userId)),
    )
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        ne(conversationParticipants.status, 'deleted'),
        query.from
          ? lt(conversationParticipants.createdAt, sql`${query.from}::timestamptz + interval '1 millisecond'`)
          : undefined,
      ),
    )
    .orderBy(
      sql`case
        when ${conversationParticipants.userId} = ${viewerId} then 0
        when ${conversationParticipants.status} = 'pending' then 2
        when ${conversationParticipants.status} = 'unavailable' then 4
        when ${userBlocks.createdAt} is not null then 3
        else 1 end`,
      sql`lower(coalesce(${accounts.name}, ${conversationParticipants.email}))`,
      asc(conversationParticipants.id),
    )
    .offset(query.skip)
    .limit(query.limit);
  return rows.map((row) => presentParticipant(access, row.participant, row.account, row.blockedAt !== null));
}

/**
 * POST /api/conversations/{id}/users: admins add people; someone who had left comes back. New
 * people start with nothing unread: the history is there to scroll, not to be counted. No one
 * joins whom a block separates from the admin, either way (not even back after leaving): the
 * whole call is refused.
 */
export async function addParticipants(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: string,
  userIds: string[],
): Promise<ChatParticipant[]> {
  const access = await getConversationAccess(ctx.db, conversationId, viewer.account.id);
  conversationPolicy.authorize(access, 'manageParticipants');
  const { accounts: people, invitations } = await resolvePeople(ctx.db, userIds);
  return transact(ctx, async (tx) => {
    await insertPendingPlaces(tx, conversationId, invitations);
    const current = await tx
      .select()
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, conversationId));
    const byUser = new Map(current.map((row) => [row.userId, row]));
    const joining = people.filter((person) => byUser.get(person.id)?.status !== 'active');
    if (joining.length === 0) return [];
    const blockedEitherWay = await isBlockedEitherWay(
      tx,
      viewer.account.id,
      joining.map((person) => person.id),
    );
    personPolicy.authorize(
      { viewer: viewer.account, targetId: '', targetIsBlocked: false, blockedEitherWay },
      'addPeople',
    );
    const lastSeq = access.conversation.lastSeq;
    const added: ParticipantRow[] = [];
    for (const person of joining) {
      const previous = byUser.get(person.id);
      const [row] = previous
        ? await tx
            .update(conversationParticipants)
            .set({
              status: 'active',
              role: 'participant',
              hidden: false,
              lastReadSeq: lastSeq,
              updatedAt: sql`now()`,
            })
            .where(eq(conversationParticipants.id, previous.id))
            .returning()
        : await tx
            .insert(conversationParticipants)
            .values({
              id: newId(),
              conversationId,
              userId: person.id,
              role: 'participant',
              lastReadSeq: lastSeq,
            })
            .returning();
      if (row) added.push(row);
    }
    await ctx.record(tx, {
      type: 'chat.participantsJoined',
      conversationId,
      actorId: viewer.account.id,
      userIds: joining.map((person) => person.id),
    });
    await appendMessage(ctx, tx, conversationId, {
      senderId: null,
      senderName: null,
      readById: viewer.account.id,
      type: 'system',
      message: 'chat.system.added',
      data: { actorName: viewer.account.name, names: joining.map((person) => person.name).join(', ') },
    });
    const accountById = new Map(people.map((person) => [person.id, person]));
    // No one the viewer blocked got this far.
    return added.map((row) =>
      presentParticipant(access, row, accountById.get(row.userId ?? '') ?? null, false),
    );
  });
}

async function getTarget(ctx: AppContext, viewerId: string, conversationId: string, userId: string) {
  const [row] = await ctx.db
    .select({
      participant: conversationParticipants,
      account: accountFieldColumns,
      blockedAt: userBlocks.createdAt,
    })
    .from(conversationParticipants)
    .leftJoin(accounts, eq(accounts.id, conversationParticipants.userId))
    .leftJoin(userBlocks, and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, userId)))
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
        ne(conversationParticipants.status, 'deleted'),
      ),
    );
  if (!row) throw notFound('No such participant');
  return row;
}

/** PUT /api/conversations/{id}/users/{userId}: an admin makes or dismisses an admin. */
export async function changeRole(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: string,
  userId: string,
  role: 'admin' | 'participant',
): Promise<ChatParticipant> {
  const access = await getConversationAccess(ctx.db, conversationId, viewer.account.id);
  const target = await getTarget(ctx, viewer.account.id, conversationId, userId);
  participantPolicy.authorize(
    { access, target: target.participant, targetIsBlocked: target.blockedAt !== null },
    'changeRole',
  );
  if (target.participant.role !== role) {
    await transact(ctx, async (tx) => {
      await tx
        .update(conversationParticipants)
        .set({ role, updatedAt: sql`now()` })
        .where(eq(conversationParticipants.id, target.participant.id));
      await ctx.record(tx, {
        type: 'chat.participantUpdated',
        conversationId,
        actorId: viewer.account.id,
        userId,
      });
    });
  }
  return presentParticipant(
    access,
    { ...target.participant, role },
    target.account,
    target.blockedAt !== null,
  );
}

/**
 * DELETE /api/conversations/{id}/users/{userId}: leaving (oneself; not the owner) or an admin
 * removing someone (never the owner). Their place is kept as 'deleted' so they can be added back.
 */
export async function removeParticipant(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: string,
  userId: string,
): Promise<void> {
  const viewerId = viewer.account.id;
  const access = await getConversationAccess(ctx.db, conversationId, viewerId);
  const target = await getTarget(ctx, viewerId, conversationId, userId);
  if (userId === viewerId) conversationPolicy.authorize(access, 'leave');
  else {
    participantPolicy.authorize(
      { access, target: target.participant, targetIsBlocked: target.blockedAt !== null },
      'remove',
    );
  }
  await transact(ctx, async (tx) => {
    await tx
      .update(conversationParticipants)
      .set({ status: 'deleted', role: 'participant', updatedAt: sql`now()` })
      .where(eq(conversationParticipants.id, target.participant.id));
    await ctx.record(tx, { type: 'chat.participantLeft', conversationId, actorId: viewerId, userId });
    await appendMessage(ctx, tx, conversationId, {
      senderId: null,
      senderName: null,
      readById: viewer.account.id,
      type: 'system',
      message: userId === viewerId ? 'chat.system.left' : 'chat.system.removed',
      data: { actorName: viewer.account.name, name: target.account?.name ?? '' },
    });
  });
}
