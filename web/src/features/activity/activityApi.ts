import type { Notification, notification, notificationHistory } from '@convene/contract';
import { type Answer, apiFetch } from '../../api/client.ts';
import type { ActivityTab } from './activityPaging.ts';

/** GET /api/notification/history: a page of a tab (Requests asks for status=pending) and the unread count. */
export function listNotifications(
  tab: ActivityTab,
  page: { skipNumber: number; resultsPerPage: number },
  signal?: AbortSignal,
) {
  return apiFetch<Answer<typeof notificationHistory>>('/api/notification/history', {
    query: { ...page, status: tab === 'requests' ? 'pending' : undefined },
    signal,
  });
}

/** The unread count alone, fetched with a page of 1 (PRODUCT.md §2.9). */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const history = await apiFetch<Answer<typeof notificationHistory>>('/api/notification/history', {
    query: { skipNumber: 0, resultsPerPage: 1 },
    signal,
  });
  return history.unreadCount;
}

/** PUT /api/notification: marks one notification read (or unread). */
export function markNotification(notificationId: string, hasBeenRead: boolean): Promise<Notification> {
  return apiFetch<Answer<typeof notification>>('/api/notification', {
    method: 'PUT',
    body: { notificationId, hasBeenRead },
  });
}

/** PUT /api/notification/markAllAsRead. */
export function markAllAsRead() {
  return apiFetch<{ unreadCount: 0 }>('/api/notification/markAllAsRead', {
    method: 'PUT',
  });
}

/** Accepts (GET) or declines (DELETE) a pending request with its single-use token. */
export function answerRequest(token: string, answer: 'accept' | 'decline'): Promise<Notification> {
  return apiFetch<Answer<typeof notification>>('/api/notification', {
    method: answer === 'accept' ? 'GET' : 'DELETE',
    query: { token },
  });
}
