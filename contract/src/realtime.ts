import type { ChatMessage, ChatUserAction, ConversationAction } from './chat.ts';

/**
 * Typed map of realtime messages (DESIGN.md §5). Each feature adds its messages here so
 * `publish` and the web provider are checked by the compiler.
 */
/** Why a calendar left someone's calendars: deleted by its owner, or their membership ended. */
export type CalendarLinkRemoval = 'calendarDeleted' | 'memberRemoved';

export interface ServerToClientMessages {
  calendar: (payload: { calendarId: string; lastActionType: 'create' | 'update' | 'delete' }) => void;
  /**
   * The viewer's link to a calendar changed. A delete says why (PRODUCT.md §1.4): the owner deleted
   * the calendar ('calendarDeleted'), or the viewer was removed from it or left ('memberRemoved').
   */
  calendarLink: (payload: {
    calendarId: string;
    lastActionType: 'create' | 'update' | 'delete';
    reason?: CalendarLinkRemoval;
  }) => void;
  /**
   * The people of a calendar changed (a role, a removal or departure, an answer to an invitation,
   * an offer of ownership or a new owner): whoever shows its People list or its abilities refetches
   * them. `memberId` is the person it concerns.
   */
  calendarMembers: (payload: {
    calendarId: string;
    memberId: string;
    action: 'create' | 'update' | 'delete';
  }) => void;
  event: (payload: { eventId: string; lastActionType: 'create' | 'update' | 'delete' }) => void;
  userEventStatus: (payload: { eventId: string; userEventStatusId: string }) => void;
  notification: (payload: { notificationId: string }) => void;
  /** A new message, with the conversation's unread count for the recipient (PRODUCT.md §2.4). */
  messages: (payload: {
    conversationId: string;
    action: 'created';
    message: ChatMessage;
    unreadCount: number;
  }) => void;
  /** A conversation changed for the recipient: refetch it, or drop it when hidden or deleted. */
  conversations: (payload: { conversationId: string; action: ConversationAction }) => void;
  /**
   * A person's place in a conversation changed (`conversationId`), or the recipient blocked or
   * unblocked someone (no `conversationId`).
   */
  users: (payload: { userId: string; conversationId?: string; action: ChatUserAction }) => void;
  /** The account changed (profile saved, e-mail confirmed). */
  account: (payload: { userId: string; action: 'update' }) => void;
}

/** The web sends nothing on the socket yet; every change goes through HTTP. */
export type ClientToServerMessages = Record<string, never>;

/** Name of a server-to-client realtime message. */
export type RealtimeMessage = keyof ServerToClientMessages;

/** Socket handshake auth payload. */
export interface RealtimeAuth {
  loginToken: string;
}

/** The per-user room name: private-<env>-<userId>. */
export function userRoom(env: string, userId: string): string {
  return `private-${env}-${userId}`;
}
