import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queryKeys.ts';
import { listen } from '../../api/RealtimeProvider.tsx';
import type { RealtimeSocket } from '../../api/realtime.ts';
import type { MessagePage, MessagePagesData } from './chatCache.ts';
import { subscribeChatRealtime } from './chatRealtime.ts';
import { testMessage as message } from './chatTesting.ts';
import { catchUpLimit, maxMessagePages, messagePagesOptions } from './messagePages.ts';

/**
 * The server's message list over conversation 'c' of `count` messages (seq 1…count): a page is
 * the seq range (min(from, last) − skip − limit, min(from, last) − skip], newest first.
 */
function fakeServer(count: number) {
  const server = { last: count, requests: [] as string[] };
  const fetch = vi.fn(async (url: string) => {
    server.requests.push(url);
    const query = new URL(url, 'http://app.test').searchParams;
    const skip = Number(query.get('skip') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    const from = query.has('from') ? Number(query.get('from')) : server.last;
    const newest = Math.min(from, server.last) - skip;
    const seqs: number[] = [];
    for (let seq = newest; seq > Math.max(0, newest - limit); seq -= 1) seqs.push(seq);
    return new Response(JSON.stringify(seqs.map((seq) => message('c', seq))), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return server;
}

/** The conversation's message pages on screen (an observer keeps the query active). */
async function openConversation(queryClient: QueryClient) {
  const observer = new InfiniteQueryObserver(queryClient, messagePagesOptions('c'));
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  return { observer, unsubscribe };
}

const seqsOf = (data: { pages: MessagePage[] } | undefined) =>
  (data?.pages ?? []).flatMap((page) => page.messages.map((item) => item.seq));

/** A contiguous run of seqs, newest first. */
const run = (newest: number, oldest: number) =>
  Array.from({ length: newest - oldest + 1 }, (_, index) => newest - index);

/** Just enough of a Socket.IO client for listen() and the chat: `connect` can be fired. */
function fakeSocket() {
  const connectHandlers: Array<() => void> = [];
  const socket = {
    connected: false,
    on: (name: string, handler: () => void) => {
      if (name === 'connect') connectHandlers.push(handler);
      return socket;
    },
    off: () => socket,
    onAny: () => socket,
    disconnect: () => socket,
  };
  const connect = () => {
    socket.connected = true;
    for (const handler of connectHandlers) handler();
  };
  return { socket: socket as unknown as RealtimeSocket, connect };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('message pages', () => {
  it('keeps at most a few pages, dropping the newest while reading back and fetching them again forward', async () => {
    fakeServer(500);
    const queryClient = new QueryClient();
    const { observer, unsubscribe } = await openConversation(queryClient);
    for (let page = 1; page < maxMessagePages + 3; page += 1) await observer.fetchNextPage();
    let result = observer.getCurrentResult();
    expect(result.data?.pages).toHaveLength(maxMessagePages);
    // Nine pages read back (seq 500 down to 321): the six oldest of them are kept.
    expect(seqsOf(result.data)).toEqual(run(440, 321));
    expect(result.hasPreviousPage).toBe(true);
    while (observer.getCurrentResult().hasPreviousPage) await observer.fetchPreviousPage();
    result = observer.getCurrentResult();
    expect(result.data?.pages).toHaveLength(maxMessagePages);
    expect(seqsOf(result.data)).toEqual(run(500, 381));
    expect(result.data?.pages[0]?.isNewest).toBe(true);
    unsubscribe();
  });

  it('reading forward reaches messages sent while the reader was far back, then follows live ones again', async () => {
    const server = fakeServer(200);
    const queryClient = new QueryClient();
    const { observer, unsubscribe } = await openConversation(queryClient);
    for (let page = 1; page < maxMessagePages + 1; page += 1) await observer.fetchNextPage();
    expect(observer.getCurrentResult().data?.pages[0]?.isNewest).toBe(false);
    server.last = 205;
    while (observer.getCurrentResult().hasPreviousPage) await observer.fetchPreviousPage();
    const data = observer.getCurrentResult().data;
    expect(seqsOf(data)).toEqual(run(205, 101));
    expect(data?.pages[0]).toMatchObject({ isNewest: true });
    unsubscribe();
  });

  it('after a reconnect, fetches what was sent meanwhile in one request instead of every page it holds', async () => {
    const server = fakeServer(100);
    const queryClient = new QueryClient();
    const { socket, connect } = fakeSocket();
    const close = listen(socket, queryClient, new Set(), [subscribeChatRealtime]);
    connect();
    const { observer, unsubscribe } = await openConversation(queryClient);
    for (let page = 1; page < 4; page += 1) await observer.fetchNextPage();
    // Another conversation's pages, no longer on screen.
    queryClient.setQueryData<MessagePagesData>(queryKeys.chatMessages('closed'), {
      pages: [{ messages: [message('closed', 1)], isNewest: true }],
      pageParams: [{ skip: 0 }],
    });
    server.last = 103;
    server.requests.length = 0;
    connect();
    await vi.waitFor(() => expect(seqsOf(observer.getCurrentResult().data)[0]).toBe(103));
    expect(server.requests).toEqual(['/api/conversations/c/messages?skip=0&limit=81&from=181']);
    expect(seqsOf(observer.getCurrentResult().data)).toEqual(run(103, 21));
    expect(observer.getCurrentResult().hasPreviousPage).toBe(false);
    expect(queryClient.getQueryData(queryKeys.chatMessages('closed'))).toBeUndefined();
    unsubscribe();
    close();
  });

  it('a catch-up past its limit leaves the rest to reading forward, with no gap', async () => {
    const server = fakeServer(30);
    const queryClient = new QueryClient();
    const { socket, connect } = fakeSocket();
    const close = listen(socket, queryClient, new Set(), [subscribeChatRealtime]);
    connect();
    const { observer, unsubscribe } = await openConversation(queryClient);
    server.last = 30 + catchUpLimit + 15;
    connect();
    await vi.waitFor(() => expect(observer.getCurrentResult().hasPreviousPage).toBe(true));
    expect(seqsOf(observer.getCurrentResult().data)).toEqual(run(30 + catchUpLimit, 11));
    await observer.fetchPreviousPage();
    expect(seqsOf(observer.getCurrentResult().data)).toEqual(run(30 + catchUpLimit + 15, 11));
    expect(observer.getCurrentResult().hasPreviousPage).toBe(false);
    unsubscribe();
    close();
  });
});
