import type { Notification } from '@convene/contract';
import { useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfiniteList } from '../../components/InfiniteList.tsx';
import { type ActivityTab, withAnswered } from './activityPaging.ts';
import { FeedEmpty, FeedError, FeedSkeleton } from './FeedStates.tsx';
import { NotificationCard } from './NotificationCard.tsx';
import { useNotificationFeed, useNow } from './useActivity.ts';

/** One tab's list of notification cards, with its loading, empty and error states. */
export function NotificationFeed({ tab }: { tab: ActivityTab }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isCompact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const now = useNow();
  const feed = useNotificationFeed(tab);
  // Requests answered here stay in view with their outcome, even once a refresh leaves them out.
  const [answered, setAnswered] = useState<ReadonlyMap<string, Notification>>(new Map());
  const items = useMemo(() => withAnswered(feed.items, answered), [feed.items, answered]);
  const { fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = feed;

  const handleAnswered = useCallback((updated: Notification) => {
    setAnswered((current) => new Map(current).set(updated.notificationId, updated));
  }, []);
  const handleLoadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  if (feed.isPending) return <FeedSkeleton isCompact={isCompact} />;
  if (feed.isError && items.length === 0)
    return <FeedError error={feed.error} onRetry={() => void refetch()} />;
  if (items.length === 0) return <FeedEmpty tab={tab} />;
  return (
    <>
      <InfiniteList
        items={items}
        getKey={(item) => item.notificationId}
        renderItem={(item) => (
          <NotificationCard notification={item} isCompact={isCompact} now={now} onAnswered={handleAnswered} />
        )}
        // A page that failed is not asked for again by scrolling; the retry below asks for it.
        hasMore={hasNextPage && !feed.isFetchNextPageError}
        isLoading={false}
        isLoadingMore={isFetchingNextPage}
        onLoadMore={handleLoadMore}
        label={t(`activity.tabs.${tab}`)}
      />
      {feed.isFetchNextPageError ? (
        <FeedError error={feed.error} onRetry={() => void fetchNextPage()} />
      ) : null}
    </>
  );
}
