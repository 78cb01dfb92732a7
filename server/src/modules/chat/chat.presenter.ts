import type { ChatMessage, ChatParticipant, ChatRole, Conversation } from '@convene/contract';
import type { AccountFields } from '../../db/accountFields.ts';
import type { messages } from '../../db/schema/index.ts';
import type { ConversationAccess, ParticipantRow } from './chat.access.ts';
import { conversationPolicy, participantPolicy } from './chat.policy.ts';

type MessageRow = typeof messages.$inferSelect;
/** A message as every participant sees it; `senderName` is the sender's current name. */
export function presentMessage(row: MessageRow, senderName: string | null): ChatMessage {
  return {
    messageId: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    sender: row.senderId
      ? { userId: row.senderId, name: senderName ?? '', linkedEntity: { linkedTo: null } }
      : null,
    type: row.type === 'system' ? 'system' : 'message',
    message: row.message,
    media: row.media,
    data: row.data ?? null,
    status: 'created',
    clientKey: row.clientKey,
    createdDate: row.createdAt.toISOString(),
    updatedDate: row.updatedAt.toISOString(),
  };
}

/**
 * A participant as the viewer sees them: the e-mail only as the person's privacy allows
 * (a pending place shows the address it was sent to), whether the viewer blocked them, and what
 * the viewer may do to them (the participant policy's abilities; none for oneself).
 */
export function presentParticipant(
  access: ConversationAccess,
  row: ParticipantRow,
  account: AccountFields | null,
  isBlocked: boolean,
): ChatParticipant {
  const viewerId = access.participant.userId;
  const isSelf = row.userId !== null && row.userId === viewerId;
  // A person whose account was deleted stays in the history as unavailable.
  const status = account?.status === 'deleted' ? 'unavailable' : (row.status as ChatParticipant['status']);
  const abilities = isSelf
    ? { remove: false, changeRole: false, block: false }
    : participantPolicy.abilities({ access, target: { ...row, status }, targetIsBlocked: isBlocked });
  return {
    userId: row.userId,
    name: account?.name ?? row.email ?? '',
    email: account ? (isSelf || account.privacyEmail ? account.email : null) : row.email,
    imageLink: account?.imageLink ?? null,
    status,
    isBlocked,
    role: row.role as ChatRole,
    abilities,
  };
}

/** A conversation as one participant sees it, with the abilities the chat policy grants them. */
export function presentConversation(
  access: ConversationAccess,
  lastMessage: ChatMessage | null,
  participants: ChatParticipant[],
): Conversation {
  const { conversation: row, participant: me } = access;
  return {
    conversationId: row.id,
    type: row.type as Conversation['type'],
    name: row.name,
    description: row.description,
    photo: row.photo,
    status: row.status === 'unavailable' ? 'unavailable' : 'active',
    preferences: { color: row.color, isSupportThread: row.isSupportThread },
    linkedEntity: { linkedTo: row.linkedTo },
    unreadCount: Math.max(0, row.lastSeq - me.lastReadSeq),
    lastMessage,
    updatedDate: row.updatedAt.toISOString(),
    muted: me.muted,
    role: me.role as ChatRole,
    participants,
    abilities: conversationPolicy.abilities(access),
  };
}
