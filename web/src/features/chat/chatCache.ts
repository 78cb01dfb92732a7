import type { ChatMessage, Conversation } from '@convene/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';

/** Where a page of the conversation list starts: an offset and the first page's newest time. */
export interface ListPageParam {
  skip: number;
  from?: string;
}
export type ConversationListData = InfiniteData<Conversation[], ListPageParam>;

/** Where a page of messages starts: an offset below `from`, the newest seq of the first page. */
export interface MessagePageParam {
  skip: number;
  from?: number;
}
export type MessagePagesData = InfiniteData<ChatMessage[], MessagePageParam>;

/** The one conversation open on screen (its new messages are read at once), or null. */
let openConversationId: string | null = null;

export function setOpenConversation(conversationId: string | null): void {
  openConversationId = conversationId;
}

export function isOpenConversation(conversationId: string): boolean {
  return openConversationId === conversationId;
}

function mapLists(
  queryClient: QueryClient,
  update: (data: ConversationListData, key: readonly unknown[]) => ConversationListData | undefined,
): void {
  for (const [key, data] of queryClient.getQueriesData<ConversationListData>({
    queryKey: queryKeys.chatLists,
  })) {
    if (!data) continue;
    const next = update(data, key);
    if (next) queryClient.setQueryData(key, next);
  }
}

/**
 * A new message moves its conversation to the top of every list with its preview and unread
 * count; a list that does not hold it yet refetches.
 */
export function applyMessageToLists(
  queryClient: QueryClient,
  message: ChatMessage,
  unreadCount: number,
): void {
  mapLists(queryClient, (data, key) => {
    const found = data.pages.flat().find((item) => item.conversationId === message.conversationId);
    if (!found) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      return undefined;
    }
    const moved: Conversation = {
      ...found,
      lastMessage: message,
      unreadCount,
      updatedDate: message.createdDate,
    };
    const pages = data.pages.map((page) =>
      page.filter((item) => item.conversationId !== message.conversationId),
    );
    pages[0] = [moved, ...(pages[0] ?? [])];
    return { ...data, pages };
  });
  const single = queryClient.getQueryData<Conversation>(queryKeys.chatConversation(message.conversationId));
  if (single) {
    queryClient.setQueryData(queryKeys.chatConversation(message.conversationId), {
      ...single,
      lastMessage: message,
      unreadCount,
    });
  }
}

/** Sets a conversation's unread count in every list (0 once opened). */
export function setUnreadCount(queryClient: QueryClient, conversationId: string, unreadCount: number): void {
  mapLists(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) =>
      page.map((item) => (item.conversationId === conversationId ? { ...item, unreadCount } : item)),
    ),
  }));
}

/** A conversation the viewer hid, left or lost leaves every list at once. */
export function removeFromLists(queryClient: QueryClient, conversationId: string): void {
  mapLists(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => page.filter((item) => item.conversationId !== conversationId)),
  }));
}

/** Replaces a conversation in every list (after a change of its own, a mute say). */
export function replaceInLists(queryClient: QueryClient, conversation: Conversation): void {
  mapLists(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) =>
      page.map((item) => (item.conversationId === conversation.conversationId ? conversation : item)),
    ),
  }));
}

/** Adds a message the server confirmed or pushed to the newest page of its conversation. */
export function addMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<MessagePagesData>(queryKeys.chatMessages(message.conversationId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.some((item) => item.messageId === message.messageId))) return data;
    const [first = [], ...rest] = data.pages;
    return { ...data, pages: [[message, ...first], ...rest] };
  });
}
