import type { ServerToClientMessages } from '@convene/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { RealtimeSocket } from '../../api/realtime.ts';
import { addMessage, applyMessageToLists, isOpenConversation, removeFromLists } from './chatCache.ts';

type Payload<M extends keyof ServerToClientMessages> = Parameters<ServerToClientMessages[M]>[0];

/**
 * The chat's realtime reactions (PRODUCT.md §2.4): a message lands in its conversation and moves
 * it to the top of the list (read at once when open); conversation changes refetch or drop it;
 * people's changes refresh the participants. Answers the function that stops listening.
 */
export function subscribeChatRealtime(socket: RealtimeSocket, queryClient: QueryClient): () => void {
  const onMessage = ({ conversationId, message, unreadCount }: Payload<'messages'>) => {
    addMessage(queryClient, message);
    const isOpen = isOpenConversation(conversationId);
    applyMessageToLists(queryClient, message, isOpen ? 0 : unreadCount);
    // Reading the newest message moves the reader's position on the server too.
    // (A direct call: this module is in the first page, where the contract's chat schemas and
    // zod must not load — see app/zodConfig.ts.)
    if (isOpen) {
      void apiSend(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
        query: { skip: 0, limit: 1 },
      }).catch(() => undefined);
    }
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
  socket.on('messages', onMessage);
  socket.on('conversations', onConversation);
  socket.on('users', onUsers);
  return () => {
    socket.off('messages', onMessage);
    socket.off('conversations', onConversation);
    socket.off('users', onUsers);
  };
}
