import { chatLimits } from '@convene/contract';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { listMessages } from './chatApi.ts';
import type { MessagePage, MessagePageParam, MessagePagesData } from './chatCache.ts';

/**
 * Pages of a conversation's messages kept at once (120 messages): reading further back drops the
 * newest pages, reading forward again fetches them, so the cache, and anything that refetches it,
 * stays this size however far someone scrolls.
 */
export const maxMessagePages = 6;

/** Messages fetched at most by one catch-up after a reconnect (the server answers up to 100). */
export const catchUpLimit = 80;

/**
 * Up to `limit` messages just above seq `after`, newest first. One more is asked for: when it
 * comes, newer messages are left and the page is not the newest (the extra one is dropped).
 */
async function fetchAbove(
  conversationId: string,
  after: number,
  limit: number,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const answer = await listMessages(
    conversationId,
    { skip: 0, from: after + limit + 1, limit: limit + 1 },
    signal,
  );
  const above = answer.filter((message) => message.seq > after);
  return above.length > limit
    ? { messages: above.slice(1), isNewest: false }
    : { messages: above, isNewest: true };
}

/** Fetches the page a page parameter names (MessagePageParam). */
export async function fetchMessagePage(
  conversationId: string,
  param: MessagePageParam,
  signal?: AbortSignal,
): Promise<MessagePage> {
  if ('after' in param) return fetchAbove(conversationId, param.after, chatLimits.pageSize, signal);
  const messages = await listMessages(conversationId, param, signal);
  return { messages, isNewest: param.skip === 0 && param.from === undefined };
}

/** The page just below the last page's oldest message (skip > 0: reading it marks nothing read). */
export function olderPageParam(lastPage: MessagePage): MessagePageParam | undefined {
  const newest = lastPage.messages[0]?.seq;
  const oldest = lastPage.messages.at(-1)?.seq;
  if (newest === undefined || oldest === undefined || oldest <= 1) return undefined;
  return { from: newest, skip: newest - oldest + 1 };
}

/** The page just above the first page, unless that one holds the newest message. */
export function newerPageParam(firstPage: MessagePage): MessagePageParam | undefined {
  const newest = firstPage.messages[0]?.seq;
  return firstPage.isNewest || newest === undefined ? undefined : { after: newest };
}

/**
 * A conversation's messages, newest page first; older pages load as the top comes into view and
 * newer ones, once dropped, as the bottom does. The socket's reconnect does not refetch them
 * (`catchesUpOnReconnect`): `catchUpMessages` adds what was sent meanwhile.
 */
export function messagePagesOptions(conversationId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.chatMessages(conversationId),
    initialPageParam: { skip: 0 } as MessagePageParam,
    queryFn: ({ pageParam, signal }) => fetchMessagePage(conversationId, pageParam, signal),
    getNextPageParam: olderPageParam,
    getPreviousPageParam: newerPageParam,
    maxPages: maxMessagePages,
    meta: { catchesUpOnReconnect: true },
    // Nothing of an old conversation lingers.
    gcTime: 60_000,
  });
}

/**
 * After the socket reconnects: the newest page of a conversation on screen gains the messages
 * sent while it was down, in one request. Past `catchUpLimit` of them the page is no longer the
 * newest, and scrolling down fetches the rest.
 */
export async function catchUpMessages(queryClient: QueryClient, conversationId: string): Promise<void> {
  const key = queryKeys.chatMessages(conversationId);
  const first = queryClient.getQueryData<MessagePagesData>(key)?.pages[0];
  if (!first?.isNewest) return;
  const newer = await fetchAbove(conversationId, first.messages[0]?.seq ?? 0, catchUpLimit);
  const top = newer.messages[0]?.seq;
  queryClient.setQueryData<MessagePagesData>(key, (data) => {
    const [head, ...rest] = data?.pages ?? [];
    if (!data || !head?.isNewest) return data;
    const known = new Set(newer.messages.map((message) => message.messageId));
    // Live messages that came meanwhile stay, unless they lie beyond a gap left for later.
    const kept = head.messages.filter(
      (message) => !known.has(message.messageId) && (newer.isNewest || message.seq <= (top ?? 0)),
    );
    const messages = [...newer.messages, ...kept].sort((a, b) => b.seq - a.seq);
    return { ...data, pages: [{ messages, isNewest: newer.isNewest }, ...rest] };
  });
}
