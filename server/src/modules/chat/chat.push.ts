import { isVideoMediaUrl } from '@convene/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { accounts, conversationParticipants, conversations, messages } from '../../db/schema/index.ts';
import type { PushSender } from '../../platform/push.ts';

const photoText: Record<string, string> = { en: 'Sent a photo', ro: 'A trimis o fotografie' };
const videoText: Record<string, string> = { en: 'Sent a video', ro: 'A trimis un videoclip' };
const bodyMax = 140;

/**
 * The outbox handler for `chatPush`: a push for one message to one participant, composed at
 * delivery (sender's name, the group's name, the text's start). Someone who muted the
 * conversation or left it since is not disturbed.
 */
export function createChatPushDelivery(db: Db, sender: Pick<PushSender, 'sendToAccount'>) {
  return async ({ messageId, recipientId }: { messageId: string; recipientId: string }): Promise<void> => {
    const [row] = await db
      .select({
        message: messages,
        conversation: conversations,
        senderName: accounts.name,
        muted: conversationParticipants.muted,
        status: conversationParticipants.status,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(
        conversationParticipants,
        and(
          eq(conversationParticipants.conversationId, messages.conversationId),
          eq(conversationParticipants.userId, recipientId),
        ),
      )
      .leftJoin(accounts, eq(accounts.id, messages.senderId))
      .where(eq(messages.id, messageId));
    if (!row || row.muted || row.status !== 'active' || row.conversation.deletedAt) return;
    const [recipient] = await db
      .select({ language: accounts.language })
      .from(accounts)
      .where(eq(accounts.id, recipientId));
    const mediaText = row.message.media && isVideoMediaUrl(row.message.media) ? videoText : photoText;
    const text = row.message.message ?? mediaText[recipient?.language ?? 'en'] ?? mediaText.en ?? '';
    const senderName = row.senderName ?? '';
    await sender.sendToAccount(recipientId, {
      title: row.conversation.name ? `${senderName} · ${row.conversation.name}` : senderName,
      body: text.length > bodyMax ? `${text.slice(0, bodyMax - 1)}…` : text,
      url: `/chat/conversation/${row.conversation.id}`,
      tag: `chat-${row.conversation.id}`,
    });
  };
}
