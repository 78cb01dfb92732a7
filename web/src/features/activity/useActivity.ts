import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { getUnreadCount, listNotifications } from './activityApi.ts';
import { type ActivityTab, flattenPages, nextSkipNumber, pageSizeAt } from './activityPaging.ts';

/**
 * One tab of the feed, page by page (50, then 25). Leaving the tab drops its pages (gcTime 0),
 * so switching tabs starts the list again from the top. Each page also refreshes the unread count.
 */
export function useNotificationFeed(tab: ActivityTab) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.activityFeed(tab),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const page = await listNotifications(
        tab,
        { skipNumber: pageParam, resultsPerPage: pageSizeAt(pageParam) },
        signal,
      );
      queryClient.setQueryData(queryKeys.activityUnread, page.unreadCount);
      return page;
    },
    getNextPageParam: (lastPage, _pages, lastSkipNumber) =>
      nextSkipNumber(lastSkipNumber, lastPage.notifications.length),
    gcTime: 0,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => flattenPages(pages ?? []), [pages]);
  return { ...query, items };
}

/** The viewer's unread notification count (a history page of 1); 0 until known or when signed out. */
export function useUnreadCount(isSignedIn: boolean): number {
  const { data } = useQuery({
    queryKey: queryKeys.activityUnread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled: isSignedIn,
    // Realtime `notification` messages and every answer refresh it; no need to poll.
    staleTime: 5 * 60 * 1000,
  });
  return isSignedIn ? (data ?? 0) : 0;
}

/** The current time, renewed every minute so relative dates ('5 minutes ago') stay true. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
