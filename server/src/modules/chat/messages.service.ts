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
import { preparedPerDb } from '../../db/prepared.ts';
import { accounts, conversationParticipants, messages } from '../../db/schema/index.ts';
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
 * What one statement of `appendMessage` answers: the position taken, the stored message's
 * times (as text: the same on both drivers) and the active participants as JSON
 * ([userId, lastReadSeq, wasHidden, notify] each).
 */
interface AppendedRow {
  seq: number;
  type: string;
  is_support_thread: boolean;
  created_at: string;
  updated_at: string;
  participants: string;
}

/**
 * Appends a message at the conversation's next position and records `chat.messageSent`, in one
 * statement: the UPDATE … RETURNING takes the conversation's row lock, so concurrent sends queue
 * for their position and the sequence stays dense (a rolled-back send gives its number back);
 * the same statement inserts the message, marks it read for `readById`, brings the conversation
 * back to everyone who had deleted it from their list, and reads the active participants the
 * subscribers tell (with their unread position and whether a Web Push should reach them: not
 * the sender, not muted, not blocking the sender, the calendar member's chat notices on, and a
 * browser subscribed). The lock is held for that one round trip and the subscribers' outbox
 * rows.
 */
export async function appendMessage(
  ctx: AppContext,
  tx: Db,
  conversationId: string,
  values: NewMessage,
): Promise<ChatMessage> {
  const id = newId();
  const readById = values.readById ?? values.senderId;
  const result = await tx.execute(sql`
    WITH pos AS (
      UPDATE conversations SET last_seq = last_seq + 1, updated_at = now()
      WHERE id = ${conversationId}
      RETURNING last_seq, type, is_support_thread, linked_to
    ), ins AS (
      INSERT INTO messages (id, conversation_id, seq, sender_id, type, message, media, data, client_key)
      SELECT ${id}, ${conversationId}, pos.last_seq, ${values.senderId}, ${values.type}, ${values.message},
        ${values.media ?? null}, ${values.data ? JSON.stringify(values.data) : null}::jsonb, ${values.clientKey ?? null}
      FROM pos
      RETURNING created_at, updated_at
    ), before AS (
      SELECT p.user_id, p.status, p.hidden, p.muted, p.last_read_seq
      FROM conversation_participants p WHERE p.conversation_id = ${conversationId}
    ), marked AS (
      UPDATE conversation_participants p
      SET last_read_seq = CASE WHEN p.user_id = ${readById} THEN pos.last_seq ELSE p.last_read_seq END,
        hidden = CASE WHEN p.status = 'active' THEN false ELSE p.hidden END
      FROM pos
      WHERE p.conversation_id = ${conversationId}
        AND (p.user_id = ${readById} OR (p.hidden AND p.status = 'active'))
    )
    SELECT pos.last_seq AS seq, pos.type, pos.is_support_thread,
      ins.created_at::text AS created_at, ins.updated_at::text AS updated_at,
      (SELECT coalesce(json_agg(json_build_array(
          b.user_id,
          CASE WHEN b.user_id = ${readById} THEN pos.last_seq ELSE b.last_read_seq END,
          b.hidden,
          ${values.senderId}::text IS NOT NULL AND b.user_id <> ${values.senderId} AND NOT b.muted
            AND NOT EXISTS (SELECT 1 FROM user_blocks k WHERE k.blocker_id = b.user_id AND k.blocked_id = ${values.senderId})
            AND coalesce((SELECT (m.settings->>'enableChatPushNotifications')::boolean FROM calendar_members m
              WHERE m.calendar_id = pos.linked_to AND m.user_id = b.user_id), true)
            AND EXISTS (SELECT 1 FROM push_devices d WHERE d.account_id = b.user_id)
        )), '[]')::text
        FROM before b WHERE b.status = 'active' AND b.user_id IS NOT NULL) AS participants
    FROM pos, ins`);
  const [appended] = (result as unknown as { rows: AppendedRow[] }).rows;
  if (!appended) throw new Error('conversation vanished while appending');
  const row: MessageRow = {
    id,
    conversationId,
    seq: appended.seq,
    senderId: values.senderId,
    type: values.type,
    message: values.message,
    media: values.media ?? null,
    data: values.data ?? null,
    status: 'created',
    clientKey: values.clientKey ?? null,
    createdAt: new Date(appended.created_at),
    updatedAt: new Date(appended.updated_at),
  };
  const participants = JSON.parse(appended.participants) as Array<[string, number, boolean, boolean]>;
  const message = presentMessage(row, values.senderName);
  await ctx.record(tx, {
    type: 'chat.messageSent',
    conversationId,
    conversation: { type: appended.type, isSupportThread: appended.is_support_thread },
    message,
    unhiddenIds: participants.filter(([, , wasHidden]) => wasHidden).map(([userId]) => userId),
    recipients: participants.map(([userId, lastReadSeq, , notify]) => ({
      userId,
      unreadCount: Math.max(0, appended.seq - lastReadSeq),
      notify,
    })),
  });
  return message;
}

/** The sender's message with this clientKey in the conversation (a retried send). */
const byClientKeyQuery = preparedPerDb((db) =>
  db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, sql.placeholder('conversationId')),
        eq(messages.senderId, sql.placeholder('senderId')),
        eq(messages.clientKey, sql.placeholder('clientKey')),
      ),
    )
    .prepare('chat_message_by_client_key'),
);

async function findByClientKey(
  db: Db,
  conversationId: string,
  senderId: string,
  clientKey: string,
): Promise<MessageRow | null> {
  const [row] = await byClientKeyQuery(db).execute({ conversationId, senderId, clientKey });
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
  const senderId = viewer.account.id;
  // Both reads at once: a retry's answer is only given to a participant (access throws first).
  const [access, stored] = await Promise.all([
    getConversationAccess(ctx.db, conversationId, senderId),
    findByClientKey(ctx.db, conversationId, senderId, body.clientKey),
  ]);
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
