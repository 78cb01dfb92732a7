import type { ChatMessage, Conversation } from '@convene/contract';

/** A group conversation as the server presents it to a participant (for the chat's unit tests). */
export const testConversation = (conversationId: string, unreadCount = 0): Conversation => ({
  conversationId,
  type: 'group',
  name: conversationId,
  description: null,
  photo: null,
  status: 'active',
  preferences: { color: null, isSupportThread: false },
  linkedEntity: { linkedTo: null },
  unreadCount,
  lastMessage: null,
  updatedDate: '2026-01-01T00:00:00.000Z',
  muted: false,
  role: 'participant',
  participants: [],
  abilities: {
    send: true,
    editInfo: false,
    manageParticipants: false,
    leave: true,
    mute: true,
    hide: true,
    deleteForAll: false,
  },
});

/** Message number `seq` of a conversation, by user u1 (for the chat's unit tests). */
export const testMessage = (conversationId: string, seq: number): ChatMessage => ({
  messageId: `${conversationId}-${seq}`,
  conversationId,
  seq,
  sender: { userId: 'u1', name: 'U', linkedEntity: { linkedTo: null } },
  type: 'message',
  message: `m${seq}`,
  media: null,
  data: null,
  status: 'created',
  clientKey: null,
  createdDate: '2026-01-02T00:00:00.000Z',
  updatedDate: '2026-01-02T00:00:00.000Z',
});
