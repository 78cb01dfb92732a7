import type { Conversation } from '@convene/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { ChatActionsMenu } from './ChatActionsMenu.tsx';
import { blockUser, deleteConversation, removeParticipant, setMuted } from './chatApi.ts';
import { removeFromLists, replaceInLists } from './chatCache.ts';
import { otherParticipant } from './chatModel.ts';
import { useMyId } from './useChatAccount.ts';

type Action = 'mute' | 'unmute' | 'leave' | 'block' | 'delete';

/** Which actions the menu offers (PRODUCT.md §2.2 Chat, §2.6): none for the support thread. */
export function conversationActions(conversation: Conversation, myId: string | undefined): Action[] {
  if (conversation.preferences.isSupportThread) return [];
  const actions: Action[] = [];
  if (conversation.status !== 'unavailable' && conversation.abilities.mute) {
    actions.push(conversation.muted ? 'unmute' : 'mute');
  }
  if (conversation.abilities.leave) actions.push('leave');
  if (otherParticipant(conversation, myId)?.abilities.block) actions.push('block');
  if (conversation.abilities.hide || conversation.abilities.deleteForAll) actions.push('delete');
  return actions;
}

/** The conversation's actions menu with its confirmations (Cancel / Yes). */
export function ConversationActions({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const myId = useMyId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const id = conversation.conversationId;
  const actions = conversationActions(conversation, myId);

  const run = useMutation({
    mutationFn: async (action: Action) => {
      if (action === 'mute' || action === 'unmute') {
        const { muted } = await setMuted(id, action === 'mute');
        const updated = { ...conversation, muted };
        queryClient.setQueryData(queryKeys.chatConversation(id), updated);
        replaceInLists(queryClient, updated);
        return;
      }
      if (action === 'block') {
        const other = otherParticipant(conversation, myId);
        if (other?.userId) await blockUser(other.userId);
        await queryClient.invalidateQueries({ queryKey: queryKeys.chatConversation(id) });
        return;
      }
      if (action === 'leave' && myId) await removeParticipant(id, myId);
      if (action === 'delete') await deleteConversation(id);
      removeFromLists(queryClient, id);
      void navigate('/chat', { replace: true });
    },
    onError: (error) =>
      showSnackbar(
        error instanceof ApiError ? (errorText(error.message) ?? '') : t('chat.errors.actionFailed'),
        { severity: 'error' },
      ),
  });

  if (actions.length === 0) return null;
  return (
    <ChatActionsMenu
      label={t('chat.conversation.actions')}
      actions={actions}
      itemLabel={(action) => t(`chat.actions.${action}`)}
      question={(action) => (action === 'mute' || action === 'unmute' ? null : t(`chat.confirm.${action}`))}
      onRun={run.mutateAsync}
      isPending={run.isPending}
    />
  );
}
