import { type Conversation, chatMessages, type createConversationBody } from '@convene/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { conversationParticipants, conversations } from '../../db/schema/index.ts';
import { validation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { checkOwnUpload, isBlockedEitherWay, isUniqueViolation } from './chat.access.ts';
import { personPolicy } from './chat.policy.ts';
import { getConversation } from './conversations.service.ts';
import { insertPendingPlaces, resolvePeople } from './invitations.service.ts';
import { appendMessage } from './messages.service.ts';

async function findDirect(db: Db, directKey: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.directKey, directKey));
  return row ?? null;
}

/**
 * The 1to1 between the viewer and another person: the existing one when there is one (back in
 * the viewer's list if they had deleted it), else a new one. The unique direct key settles two
 * concurrent creations.
 */
async function openDirect(ctx: AppContext, viewer: Viewer, otherId: string): Promise<string> {
  const viewerId = viewer.account.id;
  if (otherId === viewerId) throw validation('users', chatMessages.oneRecipient);
  const { invitations } = await resolvePeople(ctx.db, [otherId]);
  const invitation = invitations[0];
  personPolicy.authorize(
    {
      viewer: viewer.account,
      targetId: otherId,
      targetIsBlocked: false,
      blockedEitherWay: !invitation && (await isBlockedEitherWay(ctx.db, viewerId, [otherId])),
    },
    'startDirect',
  );
  // With an invited address, the key names the invitation until that person's account claims it.
  const directKey = invitation
    ? `${viewerId}:invitation:${invitation.id}`
    : [viewerId, otherId].sort().join(':');
  const reopen = async (conversationId: string) => {
    await transact(ctx, async (tx) => {
      const [shown] = await tx
        .update(conversationParticipants)
        .set({ hidden: false })
        .where(
          and(
            eq(conversationParticipants.conversationId, conversationId),
            eq(conversationParticipants.userId, viewerId),
            eq(conversationParticipants.hidden, true),
          ),
        )
        .returning();
      if (shown)
        await ctx.record(tx, { type: 'chat.conversationUpdated', conversationId, actorId: viewerId });
    });
    return conversationId;
  };
  const existing = await findDirect(ctx.db, directKey);
  if (existing) return reopen(existing.id);
  try {
    return await transact(ctx, async (tx) => {
      const conversationId = newId();
      await tx
        .insert(conversations)
        .values({ id: conversationId, type: '1to1', directKey, createdById: viewerId });
      const userIds = invitation ? [viewerId] : [viewerId, otherId];
      await tx
        .insert(conversationParticipants)
        .values(userIds.map((userId) => ({ id: newId(), conversationId, userId, role: 'participant' })));
      if (invitation) await insertPendingPlaces(tx, conversationId, [invitation]);
      await ctx.record(tx, {
        type: 'chat.conversationCreated',
        conversationId,
        actorId: viewerId,
        participantIds: userIds,
      });
      return conversationId;
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'conversations_direct_key')) throw error;
    const winner = await findDirect(ctx.db, directKey);
    if (!winner) throw error;
    return reopen(winner.id);
  }
}

/**
 * A new group: the viewer is its owner, the others participants; a system message opens it. A
 * block between the viewer and anyone named refuses the whole group (a group with only that
 * person would be a 1to1 the block forbids).
 */
async function createGroup(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof createConversationBody>,
): Promise<string> {
  const viewerId = viewer.account.id;
  const access = { viewer: viewer.account, targetId: viewerId, targetIsBlocked: false };
  personPolicy.authorize({ ...access, blockedEitherWay: false }, 'createChat');
  const { accounts: members, invitations } = await resolvePeople(
    ctx.db,
    body.users.filter((id) => id !== viewerId),
  );
  const memberIds = members.map((member) => member.id);
  personPolicy.authorize(
    { ...access, blockedEitherWay: await isBlockedEitherWay(ctx.db, viewerId, memberIds) },
    'addPeople',
  );
  if (body.photo) await checkOwnUpload(ctx, viewer, body.photo, 'photo', chatMessages.photoInvalid);
  return transact(ctx, async (tx) => {
    const conversationId = newId();
    await tx.insert(conversations).values({
      id: conversationId,
      type: 'group',
      name: body.name ?? null,
      description: body.description ?? null,
      photo: body.photo ?? null,
      createdById: viewerId,
    });
    await tx
      .insert(conversationParticipants)
      .values([
        { id: newId(), conversationId, userId: viewerId, role: 'owner' },
        ...members.map((member) => ({ id: newId(), conversationId, userId: member.id, role: 'participant' })),
      ]);
    await insertPendingPlaces(tx, conversationId, invitations);
    await ctx.record(tx, {
      type: 'chat.conversationCreated',
      conversationId,
      actorId: viewerId,
      participantIds: [viewerId, ...memberIds],
    });
    await appendMessage(ctx, tx, conversationId, {
      senderId: null,
      senderName: null,
      readById: viewer.account.id,
      type: 'system',
      message: 'chat.system.created',
      data: { actorName: viewer.account.name, name: body.name ?? '' },
    });
    return conversationId;
  });
}

/** POST /api/conversations: a 1to1 (the existing one if any) or a group. */
export async function createConversation(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof createConversationBody>,
): Promise<Conversation> {
  const conversationId =
    body.type === '1to1'
      ? await openDirect(ctx, viewer, body.users[0] as string)
      : await createGroup(ctx, viewer, body);
  return getConversation(ctx, viewer, conversationId);
}
