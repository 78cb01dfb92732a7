import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { createConversation } from './chatApi.ts';

/** Creates (or finds) the 1to1 with a person and opens it. */
export function useStartDirectChat() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (userId: string) => createConversation({ type: '1to1', users: [userId] }),
    onSuccess: (conversation) => {
      queryClient.setQueryData(queryKeys.chatConversation(conversation.conversationId), conversation);
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatLists });
      void navigate(`/chat/conversation/${conversation.conversationId}`, { replace: true });
    },
  });
}

/**
 * The profile dialog's Chat button sends the person here as `state.userId`: their 1to1 is
 * created or found and opened (PRODUCT.md §1.2, part 1 §6).
 */
export function useStartChatFromProfile(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const start = useStartDirectChat();
  const started = useRef<string | null>(null);
  const userId = (location.state as { userId?: unknown } | null)?.userId;
  useEffect(() => {
    if (typeof userId !== 'string' || started.current === location.key) return;
    started.current = location.key;
    start.mutate(userId, {
      onError: (error) => {
        showSnackbar(
          error instanceof ApiError ? (errorText(error.message) ?? '') : t('chat.errors.actionFailed'),
          { severity: 'error' },
        );
        void navigate('/chat', { replace: true });
      },
    });
  }, [userId, location.key, start, navigate, showSnackbar, errorText, t]);
}
