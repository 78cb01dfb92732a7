import {
  type Conversation,
  chatMessages,
  type conversationListQuery,
  type updateConversationBody,
} from '@convene/contract';
import { and, desc, eq, exists, ilike, isNull, lt, ne, or, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { accounts, conversationParticipants, conversations } from '../../db/schema/index.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { checkOwnUpload, getConversationAccess, listActiveParticipantIds } from './chat.access.ts';
import { conversationPolicy } from './chat.policy.ts';
import { presentConversations } from './chat.read.ts';
import { ensureSupportThread } from './support.service.ts';

const others = alias(conversationParticipants, 'others');
const otherAccounts = alias(accounts, 'other_accounts');

/** `%text%` for ILIKE with the wildcards of the text escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The conversations a viewer's list holds: active in them, not hidden, not deleted. */
const listedBy = (viewerId: string | Placeholder) => [
  eq(conversationParticipants.userId, viewerId),
  eq(conversationParticipants.status, 'active'),
  eq(conversationParticipants.hidden, false),
  isNull(conversations.deletedAt),
];

/** A page of the plain list, built once. */
const plainListQuery = preparedPerDb((db) =>
  db
    .select({ conversation: conversations, participant: conversationParticipants })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(and(...listedBy(sql.placeholder('viewerId'))))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .offset(sql.placeholder('skip'))
    .limit(sql.placeholder('limit'))
    .prepare('chat_list'),
);

/** One conversation as the viewer sees it (404 unless they take part in it). */
export async function getConversation(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: string,
): Promise<Conversation> {
  const access = await getConversationAccess(ctx.db, conversationId, viewer.account.id);
  const [presented] = await presentConversations(ctx.db, viewer.account.id, [access]);
  return presented as Conversation;
}

/**
 * GET /api/conversations: the viewer's conversations, most recent first, hidden ones left out;
 * `q` matches a group's name or a participant's name. `from` (the first page's newest
 * updatedDate) pins the list: a conversation that moves up later arrives by realtime instead.
 */
export async function listConversations(
  ctx: AppContext,
  viewer: Viewer,
  query: z.output<typeof conversationListQuery>,
): Promise<Conversation[]> {
  const viewerId = viewer.account.id;
  // Only for accounts from before chat; newer ones have their thread from registration.
  if (query.skip === 0 && !query.q && !query.from) await ensureSupportThread(ctx, viewer);
  // The plain list (no search, not pinned by `from`) is what every chat screen opens with.
  if (!query.q && !query.from) {
    const rows = await plainListQuery(ctx.db).execute({ viewerId, skip: query.skip, limit: query.limit });
    return presentConversations(ctx.db, viewerId, rows);
  }
  const text = query.q ? containsPattern(query.q) : null;
  const rows = await ctx.db
    .select({ conversation: conversations, participant: conversationParticipants })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(
        ...listedBy(viewerId),
        // Timestamps keep microseconds, the ISO `from` milliseconds: the whole millisecond counts.
        query.from
          ? lt(conversations.updatedAt, sql`${query.from}::timestamptz + interval '1 millisecond'`)
          : undefined,
        text
          ? or(
              ilike(conversations.name, text),
              exists(
                ctx.db
                  .select({ one: sql`1` })
                  .from(others)
                  .innerJoin(otherAccounts, eq(otherAccounts.id, others.userId))
                  .where(
                    and(
                      eq(others.conversationId, conversations.id),
                      ne(others.userId, viewerId),
                      eq(others.status, 'active'),
                      ilike(otherAccounts.name, text),
                    ),
                  ),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .offset(query.skip)
    .limit(query.limit);
  return presentConversations(ctx.db, viewerId, rows);
}

/** PUT /api/conversations/{id}: group info, by its admins. */
export async function updateConversation(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: string,
  body: z.output<typeof updateConversationBody>,
): Promise<Conversation> {
  const access = await getConversationAccess(ctx.db, conversationId, viewer.account.id);
  conversationPolicy.authorize(access, 'editInfo');
  if (body.photo && body.photo !== access.conversation.photo) {
    await checkOwnUpload(ctx, viewer, body.photo, 'photo', chatMessages.photoInvalid);
  }
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) {
    await transact(ctx, async (tx) => {
      await tx
        .update(conversations)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(conversations.id, conversationId));
      await ctx.record(tx, { type: 'chat.conversationUpdated', conversationId, actorId: viewer.account.id });
    });
  }
  return getConversation(ctx, viewer, conversationId);
}

/**
 * DELETE /api/conversations/{id}: the owner of a group deletes it for everyone; anyone else
 * (and any 1to1 or calendar conversation) hides it from their own list until a new message.
 */
export async function deleteConversation(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: string,
): Promise<void> {
  const access = await getConversationAccess(ctx.db, conversationId, viewer.account.id);
  const viewerId = viewer.account.id;
  await transact(ctx, async (tx) => {
    if (conversationPolicy.can(access, 'deleteForAll')) {
      const participantIds = await listActiveParticipantIds(tx, conversationId);
      await tx
        .update(conversations)
        .set({ deletedAt: sql`now()` })
        .where(eq(conversations.id, conversationId));
      await ctx.record(tx, {
        type: 'chat.conversationDeleted',
        conversationId,
        actorId: viewerId,
        participantIds,
      });
      return;
    }
    conversationPolicy.authorize(access, 'hide');
    await tx
      .update(conversationParticipants)
      .set({ hidden: true })
      .where(eq(conversationParticipants.id, access.participant.id));
    await ctx.record(tx, { type: 'chat.conversationHidden', conversationId, userId: viewerId });
  });
}

/** GET /api/conversations/{id}/mute */
export async function getMute(ctx: AppContext, viewer: Viewer, conversationId: string) {
  const access = await getConversationAccess(ctx.db, conversationId, viewer.account.id);
  return { muted: access.participant.muted };
}

/** POST (mute) and DELETE (unmute) /api/conversations/{id}/mute: the viewer's own setting. */
export async function setMute(ctx: AppContext, viewer: Viewer, conversationId: string, muted: boolean) {
  const access = await getConversationAccess(ctx.db, conversationId, viewer.account.id);
  if (muted) conversationPolicy.authorize(access, 'mute');
  if (access.participant.muted !== muted) {
    await transact(ctx, async (tx) => {
      await tx
        .update(conversationParticipants)
        .set({ muted })
        .where(eq(conversationParticipants.id, access.participant.id));
      await ctx.record(tx, { type: 'chat.muteChanged', conversationId, userId: viewer.account.id, muted });
    });
  }
  return { muted };
}
