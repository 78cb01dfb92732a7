import type { ChatMessage, Conversation } from '@convene/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';

/** Where a page of the conversation list starts: an offset and the first page's newest time. */
export interface ListPageParam {
  skip: number;
  from?: string;
}
export type ConversationListData = InfiniteData<Conversation[], ListPageParam>;

/**
 * Where a page of messages starts: `{ skip: 0 }` the newest page; `{ skip, from }` the page
 * `skip` messages below seq `from`; `{ after }` the page just above seq `after` (reading forward
 * again after older pages pushed the newer ones out, messagePages.ts).
 */
export type MessagePageParam = { skip: number; from?: number } | { after: number };

/**
 * A page of messages, newest first. `isNewest`: it held the conversation's newest message when
 * fetched, so live messages join it; otherwise newer pages are still to fetch.
 */
export interface MessagePage {
  messages: ChatMessage[];
  isNewest: boolean;
}
export type MessagePagesData = InfiniteData<MessagePage, MessagePageParam>;

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

/**
 * Adds a message the server confirmed or pushed to the newest page of its conversation, in seq
 * order. While that page is not loaded (the reader went far back) nothing changes: reading
 * forward fetches it.
 */
export function addMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<MessagePagesData>(queryKeys.chatMessages(message.conversationId), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first?.isNewest) return data;
    if (data.pages.some((page) => page.messages.some((item) => item.messageId === message.messageId))) {
      return data;
    }
    const messages = [message, ...first.messages].sort((a, b) => b.seq - a.seq);
    return { ...data, pages: [{ ...first, messages }, ...rest] };
  });
}

/**
 * Brings a conversation back to its newest page when the reader went so far back that it was
 * dropped (before they send: their message shows at the end, where it belongs).
 */
export function showNewestMessages(queryClient: QueryClient, conversationId: string): void {
  const key = queryKeys.chatMessages(conversationId);
  const first = queryClient.getQueryData<MessagePagesData>(key)?.pages[0];
  if (first && !first.isNewest) void queryClient.resetQueries({ queryKey: key, exact: true });
}
