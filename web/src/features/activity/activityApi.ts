import { type Notification, notification, notificationHistory } from '@convene/contract';
import { z } from 'zod';
import { apiFetch } from '../../api/client.ts';
import type { ActivityTab } from './activityPaging.ts';

/** GET /api/notification/history: a page of a tab (Requests asks for status=pending) and the unread count. */
export function listNotifications(
  tab: ActivityTab,
  page: { skipNumber: number; resultsPerPage: number },
  signal?: AbortSignal,
) {
  return apiFetch('/api/notification/history', {
    query: { ...page, status: tab === 'requests' ? 'pending' : undefined },
    schema: notificationHistory,
    signal,
  });
}

/** The unread count alone, fetched with a page of 1 (PRODUCT.md §2.9). */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const history = await apiFetch('/api/notification/history', {
    query: { skipNumber: 0, resultsPerPage: 1 },
    schema: notificationHistory,
    signal,
  });
  return history.unreadCount;
}

/** PUT /api/notification: marks one notification read (or unread). */
export function markNotification(notificationId: string, hasBeenRead: boolean): Promise<Notification> {
  return apiFetch('/api/notification', {
    method: 'PUT',
    body: { notificationId, hasBeenRead },
    schema: notification,
  });
}

/** PUT /api/notification/markAllAsRead. */
export function markAllAsRead() {
  return apiFetch('/api/notification/markAllAsRead', {
    method: 'PUT',
    schema: z.object({ unreadCount: z.literal(0) }),
  });
}

/** Accepts (GET) or declines (DELETE) a pending request with its single-use token. */
export function answerRequest(token: string, answer: 'accept' | 'decline'): Promise<Notification> {
  return apiFetch('/api/notification', {
    method: answer === 'accept' ? 'GET' : 'DELETE',
    query: { token },
    schema: notification,
  });
}
