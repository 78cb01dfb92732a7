import { eq } from 'drizzle-orm';
import type { SubscriberOf } from '../../context.ts';
import { accounts } from '../../db/schema/index.ts';
import { addManyToOutbox, addToOutbox } from '../../platform/outbox.ts';
import type { RealtimeEnvelope } from '../../platform/realtime.ts';
import { recordRealtime } from '../../platform/realtimeOutbox.ts';
import { listActiveParticipantIds } from './chat.access.ts';
import { supportMessageMail } from './support.mails.ts';

type Action = Extract<RealtimeEnvelope, { message: 'conversations' }>['payload']['action'];

const tellConversation = (conversationId: string, action: Action, userIds: string[]) =>
  userIds.map((userId) => ({
    userId,
    message: 'conversations' as const,
    payload: { conversationId, action },
  }));

/** Everyone in a new conversation sees it appear in their list. */
export const announceConversationCreated: SubscriberOf<'chat.conversationCreated'> = (tx, event) =>
  recordRealtime(tx, tellConversation(event.conversationId, 'created', event.participantIds));

/** Its participants refetch a changed conversation. */
export const announceConversationUpdated: SubscriberOf<'chat.conversationUpdated'> = async (tx, event) =>
  recordRealtime(
    tx,
    tellConversation(
      event.conversationId,
      'updated',
      await listActiveParticipantIds(tx, event.conversationId),
    ),
  );

/** A group its owner deleted leaves every list. */
export const announceConversationDeleted: SubscriberOf<'chat.conversationDeleted'> = (tx, event) =>
  recordRealtime(tx, tellConversation(event.conversationId, 'deleted', event.participantIds));

/** The person's other screens drop the conversation they deleted from their list. */
export const announceConversationHidden: SubscriberOf<'chat.conversationHidden'> = (tx, event) =>
  recordRealtime(tx, tellConversation(event.conversationId, 'hidden', [event.userId]));

/** The person's other screens show the new mute setting. */
export const announceMuteChanged: SubscriberOf<'chat.muteChanged'> = (tx, event) =>
  recordRealtime(
    tx,
    tellConversation(event.conversationId, event.muted ? 'muted' : 'unmuted', [event.userId]),
  );

/**
 * Every active participant gets the message with their own unread count (last position minus
 * what they read: no per-person counter is written on send); a conversation it brought back
 * is announced as unhidden first. The participants come with the event (read by the statement
 * that appended the message), so this adds only the outbox rows to the transaction.
 */
export const announceMessage: SubscriberOf<'chat.messageSent'> = (tx, event) =>
  recordRealtime(tx, [
    ...tellConversation(event.conversationId, 'unhidden', event.unhiddenIds),
    ...event.recipients.map((recipient) => ({
      userId: recipient.userId,
      message: 'messages' as const,
      payload: {
        conversationId: event.conversationId,
        action: 'created' as const,
        message: event.message,
        unreadCount: recipient.unreadCount,
      },
    })),
  ]);

/**
 * A Web Push to each participant who has not muted the conversation, is not the sender and has
 * not blocked the sender (in a group, a blocked person's messages stay visible but never notify),
 * whose calendar membership (in a calendar's conversation) has chat notices on, and who has a
 * push subscription at all: the statement that appended the message decided it per participant
 * (`notify`, messages.service.ts).
 */
export const pushMessage: SubscriberOf<'chat.messageSent'> = (tx, event) =>
  addManyToOutbox(
    tx,
    'chatPush',
    event.recipients
      .filter((recipient) => recipient.notify)
      .map((recipient) => ({ messageId: event.message.messageId, recipientId: recipient.userId })),
  );

/** Everyone in the conversation refreshes its participants; the new people see it appear. */
export const announceParticipantsJoined: SubscriberOf<'chat.participantsJoined'> = async (tx, event) => {
  const everyone = await listActiveParticipantIds(tx, event.conversationId);
  await recordRealtime(tx, [
    ...tellConversation(event.conversationId, 'created', event.userIds),
    ...event.userIds.flatMap((userId) => usersMessage(everyone, event.conversationId, userId, 'joined')),
  ]);
};

/** Everyone in the conversation refreshes the participant whose role changed. */
export const announceParticipantUpdated: SubscriberOf<'chat.participantUpdated'> = async (tx, event) =>
  recordRealtime(
    tx,
    usersMessage(
      await listActiveParticipantIds(tx, event.conversationId),
      event.conversationId,
      event.userId,
      'updated_in_conversation',
    ),
  );

/** The rest refresh the participants; the person who left sees the conversation go. */
export const announceParticipantLeft: SubscriberOf<'chat.participantLeft'> = async (tx, event) =>
  recordRealtime(tx, [
    ...usersMessage(
      await listActiveParticipantIds(tx, event.conversationId),
      event.conversationId,
      event.userId,
      'left',
    ),
    ...tellConversation(event.conversationId, 'deleted', [event.userId]),
  ]);

/** Only the blocker's own screens hear of a block: the blocked person is not told. */
export const announceBlocked: SubscriberOf<'user.blocked'> = (tx, event) =>
  recordRealtime(tx, [
    { userId: event.blockerId, message: 'users', payload: { userId: event.blockedId, action: 'blocked' } },
  ]);

/** Only the blocker's own screens hear a block was lifted. */
export const announceUnblocked: SubscriberOf<'user.unblocked'> = (tx, event) =>
  recordRealtime(tx, [
    { userId: event.blockerId, message: 'users', payload: { userId: event.blockedId, action: 'unblocked' } },
  ]);

function usersMessage(
  recipients: string[],
  conversationId: string,
  userId: string,
  action: 'joined' | 'left' | 'updated_in_conversation',
): RealtimeEnvelope[] {
  return recipients.map((recipient) => ({
    userId: recipient,
    message: 'users' as const,
    payload: { userId, conversationId, action },
  }));
}

/** What someone writes in their support thread is also mailed to SUPPORT_EMAIL. */
export const mailSupportMessage: SubscriberOf<'chat.messageSent'> = async (tx, event, ctx) => {
  const senderId = event.message.sender?.userId;
  if (!event.conversation.isSupportThread || !senderId) return;
  const [sender] = await tx
    .select({ id: accounts.id, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, senderId));
  if (!sender || sender.email === ctx.config.supportEmail.toLowerCase()) return;
  await addToOutbox(
    tx,
    'mail',
    supportMessageMail(ctx.config.supportEmail, sender, event.conversationId, event.message),
  );
};
