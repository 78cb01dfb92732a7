import type { Conversation } from '@convene/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queryKeys.ts';
import {
  addMessage,
  applyMessageToLists,
  type ConversationListData,
  type MessagePagesData,
  removeFromLists,
  setUnreadCount,
  showNewestMessages,
} from './chatCache.ts';
import { testConversation as conversation, testMessage as message } from './chatTesting.ts';

function listWith(queryClient: QueryClient, pages: Conversation[][]) {
  const data: ConversationListData = { pages, pageParams: pages.map((_, index) => ({ skip: index * 20 })) };
  queryClient.setQueryData(queryKeys.chatList(''), data);
}
const listIds = (queryClient: QueryClient) =>
  queryClient
    .getQueryData<ConversationListData>(queryKeys.chatList(''))
    ?.pages.map((page) => page.map((item) => `${item.conversationId}:${item.unreadCount}`));

describe('chat cache', () => {
  it('a new message moves its conversation to the top with its preview and unread count', () => {
    const queryClient = new QueryClient();
    listWith(queryClient, [[conversation('a'), conversation('b')], [conversation('c')]]);
    const sent = message('c', 7);
    applyMessageToLists(queryClient, sent, 3);
    expect(listIds(queryClient)).toEqual([['c:3', 'a:0', 'b:0'], []]);
    const top = queryClient.getQueryData<ConversationListData>(queryKeys.chatList(''))?.pages[0]?.[0];
    expect(top?.lastMessage).toEqual(sent);
    setUnreadCount(queryClient, 'c', 0);
    expect(listIds(queryClient)?.[0]?.[0]).toBe('c:0');
    removeFromLists(queryClient, 'a');
    expect(listIds(queryClient)).toEqual([['c:0', 'b:0'], []]);
  });

  it('a list without the conversation refetches instead', () => {
    const queryClient = new QueryClient();
    listWith(queryClient, [[conversation('a')]]);
    applyMessageToLists(queryClient, message('z', 1), 1);
    expect(listIds(queryClient)).toEqual([['a:0']]);
    expect(queryClient.getQueryState(queryKeys.chatList(''))?.isInvalidated).toBe(true);
  });

  it('adds a message to the newest page once, in seq order', () => {
    const queryClient = new QueryClient();
    const data: MessagePagesData = {
      pages: [{ messages: [message('a', 2), message('a', 1)], isNewest: true }],
      pageParams: [{ skip: 0 }],
    };
    queryClient.setQueryData(queryKeys.chatMessages('a'), data);
    addMessage(queryClient, message('a', 4));
    addMessage(queryClient, message('a', 3));
    addMessage(queryClient, message('a', 3));
    const pages = queryClient.getQueryData<MessagePagesData>(queryKeys.chatMessages('a'))?.pages;
    expect(pages?.[0]?.messages.map((item) => item.seq)).toEqual([4, 3, 2, 1]);
  });

  it('leaves the pages of a reader who went far back as they are, and sending brings the newest back', async () => {
    const queryClient = new QueryClient();
    const data: MessagePagesData = {
      pages: [{ messages: [message('a', 40), message('a', 39)], isNewest: false }],
      pageParams: [{ skip: 20, from: 60 }],
    };
    queryClient.setQueryData(queryKeys.chatMessages('a'), data);
    addMessage(queryClient, message('a', 61));
    expect(queryClient.getQueryData(queryKeys.chatMessages('a'))).toEqual(data);
    showNewestMessages(queryClient, 'a');
    expect(queryClient.getQueryData(queryKeys.chatMessages('a'))).toBeUndefined();
  });
});
