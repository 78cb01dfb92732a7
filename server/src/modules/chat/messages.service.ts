import {
  type ChatMessage,
  chatMessages,
  type messageListQuery,
  type sendMessageBody,
} from '@convene/contract';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { accounts, conversationParticipants, conversations, messages } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { checkOwnUpload, getConversationAccess, isUniqueViolation } from './chat.access.ts';
import { conversationPolicy } from './chat.policy.ts';
import { presentMessage } from './chat.presenter.ts';

type MessageRow = typeof messages.$inferSelect;

/** What a new message carries; a system message has no sender and an i18n key as its text. */
export interface NewMessage {
  senderId: string | null;
  senderName: string | null;
  type: 'message' | 'system';
  message: string | null;
  media?: string | null;
  data?: Record<string, string> | null;
  clientKey?: string | null;
  /** Who has seen it already: the sender, or the person whose action a system message tells. */
  readById?: string | null;
}

/**
 * Appends a message at the conversation's next position and records `chat.messageSent`. The
 * UPDATE … RETURNING takes the conversation's row lock, so concurrent sends queue for their
 * position and the sequence stays dense (a rolled-back send gives its number back).
 */
export async function appendMessage(
  ctx: AppContext,
  tx: Db,
  conversationId: string,
  values: NewMessage,
): Promise<ChatMessage> {
  const [position] = await tx
    .update(conversations)
    .set({ lastSeq: sql`${conversations.lastSeq} + 1`, updatedAt: sql`now()` })
    .where(eq(conversations.id, conversationId))
    .returning({
      seq: conversations.lastSeq,
      type: conversations.type,
      isSupportThread: conversations.isSupportThread,
    });
  if (!position) throw new Error('conversation vanished while appending');
  const [row] = await tx
    .insert(messages)
    .values({
      id: newId(),
      conversationId,
      seq: position.seq,
      senderId: values.senderId,
      type: values.type,
      message: values.message,
      media: values.media ?? null,
      data: values.data ?? null,
      clientKey: values.clientKey ?? null,
    })
    .returning();
  if (!row) throw new Error('message insert returned nothing');
  const readById = values.readById ?? values.senderId;
  if (readById) {
    await tx
      .update(conversationParticipants)
      .set({ lastReadSeq: position.seq })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, readById),
        ),
      );
  }
  // A new message brings the conversation back to everyone who had deleted it from their list.
  const unhidden = await tx
    .update(conversationParticipants)
    .set({ hidden: false })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.hidden, true),
        eq(conversationParticipants.status, 'active'),
      ),
    )
    .returning({ userId: conversationParticipants.userId });
  const message = presentMessage(row, values.senderName);
  await ctx.record(tx, {
    type: 'chat.messageSent',
    conversationId,
    conversation: { type: position.type, isSupportThread: position.isSupportThread },
    message,
    unhiddenIds: unhidden.flatMap((entry) => (entry.userId ? [entry.userId] : [])),
  });
  return message;
}

async function findByClientKey(
  db: Db,
  conversationId: string,
  senderId: string,
  clientKey: string,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.senderId, senderId),
        eq(messages.clientKey, clientKey),
      ),
    );
  return row ?? null;
}

/**
 * POST /api/conversations/{id}/messages. Idempotent on clientKey: a retry answers the message
 * already stored, and the unique index settles two concurrent attempts (the loser reads the
 * winner's row). The answer leaves only after the transaction committed.
 */
export async function sendMessage(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: string,
  body: z.output<typeof sendMessageBody>,
): Promise<ChatMessage> {
  const access = await getConversationAccess(ctx.db, conversationId, viewer.account.id);
  const senderId = viewer.account.id;
  const stored = await findByClientKey(ctx.db, conversationId, senderId, body.clientKey);
  if (stored) return presentMessage(stored, viewer.account.name);
  conversationPolicy.authorize(access, 'send');
  if (body.media) await checkOwnUpload(ctx, viewer, body.media, 'media', chatMessages.mediaInvalid);
  try {
    return await transact(ctx, (tx) =>
      appendMessage(ctx, tx, conversationId, {
        senderId,
        senderName: viewer.account.name,
        type: 'message',
        message: body.message?.trim() ? body.message : null,
        media: body.media ?? null,
        clientKey: body.clientKey,
      }),
    );
  } catch (error) {
    if (!isUniqueViolation(error, 'messages_client_key')) throw error;
    const winner = await findByClientKey(ctx.db, conversationId, senderId, body.clientKey);
    if (!winner) throw error;
    return presentMessage(winner, viewer.account.name);
  }
}

/** The messages at positions (newest − limit, newest], newest first: one index range read. */
export function messagePageQuery(db: Db, conversationId: string, newest: number, limit: number) {
  return db
    .select({ message: messages, senderName: accounts.name })
    .from(messages)
    .leftJoin(accounts, eq(accounts.id, messages.senderId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        lte(messages.seq, newest),
        gt(messages.seq, newest - limit),
      ),
    )
    .orderBy(desc(messages.seq));
}

/**
 * GET /api/conversations/{id}/messages: newest first. `from` pins the snapshot (the newest seq
 * of the first page); as positions are dense, page n is the seq range (from − skip − limit,
 * from − skip] — an index range read at any depth, with no repeat or gap while others send.
 * Reading a first page marks what it shows as read.
 */
export async function listMessages(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: string,
  query: z.output<typeof messageListQuery>,
): Promise<ChatMessage[]> {
  const access = await getConversationAccess(ctx.db, conversationId, viewer.account.id);
  const snapshot = Math.min(query.from ?? access.conversation.lastSeq, access.conversation.lastSeq);
  const newest = snapshot - query.skip;
  if (newest <= 0) return [];
  const rows = await messagePageQuery(ctx.db, conversationId, newest, query.limit);
  if (query.skip === 0 && access.participant.lastReadSeq < newest) {
    await ctx.db
      .update(conversationParticipants)
      .set({ lastReadSeq: sql`greatest(${conversationParticipants.lastReadSeq}, ${newest})` })
      .where(eq(conversationParticipants.id, access.participant.id));
  }
  return rows.map((row) => presentMessage(row.message, row.senderName));
}
