import type { ServerToClientMessages } from '@convene/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { RealtimeSocket } from '../../api/realtime.ts';
import { createDebounced, type Debounced } from '../../components/debounce.ts';
import { addMessage, applyMessageToLists, isOpenConversation, removeFromLists } from './chatCache.ts';

type Payload<M extends keyof ServerToClientMessages> = Parameters<ServerToClientMessages[M]>[0];

/**
 * The chat's realtime reactions (PRODUCT.md §2.4): a message lands in its conversation and moves
 * it to the top of the list (read at once when open); conversation changes refetch or drop it;
 * people's changes refresh the participants. Answers the function that stops listening.
 */
export function subscribeChatRealtime(socket: RealtimeSocket, queryClient: QueryClient): () => void {
  const reads = createReadDebouncer(readNewest);
  const onMessage = ({ conversationId, message, unreadCount }: Payload<'messages'>) => {
    addMessage(queryClient, message);
    const isOpen = isOpenConversation(conversationId);
    applyMessageToLists(queryClient, message, isOpen ? 0 : unreadCount);
    if (isOpen) reads.read(conversationId);
  };
  const onConversation = ({ conversationId, action }: Payload<'conversations'>) => {
    if (action === 'hidden' || action === 'deleted') {
      removeFromLists(queryClient, conversationId);
      queryClient.removeQueries({ queryKey: queryKeys.chatMessages(conversationId) });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.chatLists });
    void queryClient.invalidateQueries({ queryKey: queryKeys.chatConversation(conversationId) });
    if (action === 'unhidden' || action === 'updated') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatMessages(conversationId) });
    }
  };
  const onUsers = ({ conversationId }: Payload<'users'>) => {
    if (!conversationId) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatParticipantLists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatConversations });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatLists });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.chatParticipants(conversationId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.chatConversation(conversationId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.chatLists });
  };
  let hasConnected = socket.connected;
  const onConnect = () => {
    if (hasConnected) catchUpOnReconnect(queryClient);
    hasConnected = true;
  };
  socket.on('connect', onConnect);
  socket.on('messages', onMessage);
  socket.on('conversations', onConversation);
  socket.on('users', onUsers);
  return () => {
    reads.cancel();
    socket.off('connect', onConnect);
    socket.off('messages', onMessage);
    socket.off('conversations', onConversation);
    socket.off('users', onUsers);
  };
}

/**
 * The socket is back: the conversation on screen fetches the messages sent meanwhile (one request,
 * messagePages.ts, loaded with the conversation screen), not every page it holds again; message
 * pages of conversations not on screen are dropped, so opening one starts from its newest page.
 */
function catchUpOnReconnect(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: queryKeys.chatMessagePages, type: 'inactive' });
  const open = queryClient
    .getQueryCache()
    .findAll({ queryKey: queryKeys.chatMessagePages, type: 'active' })
    .map((query) => query.queryKey[2])
    .filter((conversationId) => typeof conversationId === 'string');
  if (open.length === 0) return;
  void import('./messagePages.ts').then(({ catchUpMessages }) =>
    Promise.all(open.map((conversationId) => catchUpMessages(queryClient, conversationId))),
  );
}

/** How long the open conversation's incoming messages gather before one read call covers them. */
export const readDelayMs = 1000;
/** A conversation busy without a pause is still marked read this often. */
const readMaxWaitMs = 5000;

/**
 * Reading the newest message moves the reader's position on the server. (A direct call: this
 * module is in the first page, where the contract's chat schemas and zod must not load — see
 * app/zodConfig.ts.)
 */
function readNewest(conversationId: string): void {
  void apiSend(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    query: { skip: 0, limit: 1 },
  }).catch(() => undefined);
}

/**
 * One read call per burst of messages in a conversation, readDelayMs after the last of them:
 * the newest message read then covers the whole burst; a burst without a pause is still read
 * every readMaxWaitMs.
 */
export function createReadDebouncer(
  read: (conversationId: string) => void,
  delayMs = readDelayMs,
): { read: (conversationId: string) => void; cancel: () => void } {
  const pending = new Map<string, Debounced>();
  return {
    read: (conversationId) => {
      let debounced = pending.get(conversationId);
      if (!debounced) {
        debounced = createDebounced(
          () => {
            pending.delete(conversationId);
            read(conversationId);
          },
          delayMs,
          readMaxWaitMs,
        );
        pending.set(conversationId, debounced);
      }
      debounced.call();
    },
    cancel: () => {
      for (const debounced of pending.values()) debounced.cancel();
      pending.clear();
    },
  };
}
