import type { Notification, NotificationHistory } from '@convene/contract';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { answerRequest, markAllAsRead, markNotification } from './activityApi.ts';

type Feed = InfiniteData<NotificationHistory, number>;

/** Applies a change to every cached copy of the feed's notifications (both tabs). */
function updateFeeds(queryClient: QueryClient, change: (item: Notification) => Notification): void {
  queryClient.setQueriesData<Feed>({ queryKey: queryKeys.activityFeeds }, (feed) =>
    feed
      ? {
          ...feed,
          pages: feed.pages.map((page) => ({ ...page, notifications: page.notifications.map(change) })),
        }
      : feed,
  );
}

function replaceInFeeds(queryClient: QueryClient, updated: Notification): void {
  updateFeeds(queryClient, (item) => (item.notificationId === updated.notificationId ? updated : item));
}

/** Opening a card: marks it read at once (and lowers the count), then confirms with the server. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (notification: Notification) => markNotification(notification.notificationId, true),
    onMutate: (notification) => {
      updateFeeds(queryClient, (item) =>
        item.notificationId === notification.notificationId ? { ...item, hasBeenRead: true } : item,
      );
      queryClient.setQueryData<number>(queryKeys.activityUnread, (count) => Math.max(0, (count ?? 1) - 1));
    },
    onSuccess: (updated) => replaceInFeeds(queryClient, updated),
    onError: () => {
      showSnackbar(t('activity.markReadFailed'), { severity: 'error' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.activityUnread }),
  });
}

/** 'Mark all as read': every loaded card turns read and the count (and the navigation dot) clears. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: markAllAsRead,
    onSuccess: () => {
      updateFeeds(queryClient, (item) => ({ ...item, hasBeenRead: true }));
      queryClient.setQueryData(queryKeys.activityUnread, 0);
    },
    onError: () => showSnackbar(t('activity.markAllReadFailed'), { severity: 'error' }),
  });
}

/** What answering a request needs. */
export interface RequestAnswer {
  notification: Notification;
  answer: 'accept' | 'decline';
}

/**
 * Accept / Decline of a pending request. On success the card shows its new status; a request
 * answered elsewhere (409) or gone (404) is said so and the feed refreshes.
 */
export function useAnswerRequest(onAnswered: (updated: Notification) => void) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: ({ notification, answer }: RequestAnswer) => {
      if (!notification.token) throw new ApiError(409, 'CONFLICT', null, 'This request was already answered');
      return answerRequest(notification.token, answer);
    },
    onSuccess: (updated) => {
      replaceInFeeds(queryClient, updated);
      onAnswered(updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.activityUnread });
    },
    onError: (error) => {
      const status = error instanceof ApiError ? error.status : null;
      if (status === 409) showSnackbar(t('activity.alreadyAnswered'), { severity: 'info' });
      else if (status === 404) showSnackbar(t('activity.requestGone'), { severity: 'info' });
      else showSnackbar(t('activity.answerFailed'), { severity: 'error' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}
