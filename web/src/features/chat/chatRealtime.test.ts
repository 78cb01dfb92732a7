import type { ServerToClientMessages } from '@convene/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queryKeys.ts';
import type { RealtimeSocket } from '../../api/realtime.ts';
import { type ConversationListData, setOpenConversation } from './chatCache.ts';
import { createReadDebouncer, readDelayMs, subscribeChatRealtime } from './chatRealtime.ts';
import { testConversation as conversation, testMessage as message } from './chatTesting.ts';

type Handlers = { [M in keyof ServerToClientMessages]?: ServerToClientMessages[M] };

/** The socket's side the chat listens on: handlers registered, and a way to push to them. */
function fakeSocket() {
  const handlers: Handlers = {};
  const socket = {
    on: (name: keyof ServerToClientMessages, handler: never) => {
      Object.assign(handlers, { [name]: handler });
    },
    off: (name: keyof ServerToClientMessages) => {
      delete handlers[name];
    },
  } as unknown as RealtimeSocket;
  return { socket, handlers };
}

describe('the read call of the open conversation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setOpenConversation(null);
  });

  it('is made once per burst, per conversation, the delay after its last message', () => {
    const read = vi.fn();
    const reads = createReadDebouncer(read, 1000);
    reads.read('a');
    vi.advanceTimersByTime(600);
    reads.read('a');
    reads.read('b');
    vi.advanceTimersByTime(999);
    expect(read.mock.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(read.mock.calls).toEqual([['a'], ['b']]);
    reads.read('a');
    vi.advanceTimersByTime(1000);
    expect(read.mock.calls).toEqual([['a'], ['b'], ['a']]);
    reads.read('a');
    reads.cancel();
    vi.advanceTimersByTime(1000);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('a burst of messages in the open conversation keeps its count at 0 and reads once', async () => {
    const fetch = vi.fn(async (_url: string) => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    const list: ConversationListData = {
      pages: [[conversation('other', 0), conversation('open', 4)]],
      pageParams: [{ skip: 0 }],
    };
    queryClient.setQueryData(queryKeys.chatList(''), list);
    const { socket, handlers } = fakeSocket();
    const stop = subscribeChatRealtime(socket, queryClient);
    setOpenConversation('open');

    for (let seq = 1; seq <= 5; seq += 1) {
      handlers.messages?.({
        conversationId: 'open',
        action: 'created',
        message: message('open', seq),
        unreadCount: seq,
      });
      vi.advanceTimersByTime(200);
    }
    handlers.messages?.({
      conversationId: 'other',
      action: 'created',
      message: message('other', 1),
      unreadCount: 1,
    });
    const counts = () =>
      queryClient
        .getQueryData<ConversationListData>(queryKeys.chatList(''))
        ?.pages.flat()
        .map((item) => `${item.conversationId}:${item.unreadCount}`);
    expect(counts()).toEqual(['other:1', 'open:0']);
    expect(fetch).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(readDelayMs);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/conversations/open/messages?skip=0&limit=1');
    stop();
  });
});
