import { Box, CircularProgress, Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface InfiniteListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  hasMore: boolean;
  /** True while the first page loads. */
  isLoading: boolean;
  /** True while a further page loads. */
  isLoadingMore: boolean;
  onLoadMore: () => void;
  /** Shown when the list is empty once loaded. */
  emptyText?: string;
  label: string;
}

/**
 * A list that asks for the next page when its last item scrolls into view. The last item, not an
 * empty marker after it: a marker of no height at the very edge of a scrolling box may never count
 * as visible, and the list would stop growing with its end in plain sight.
 */
export function InfiniteList<T>({
  items,
  getKey,
  renderItem,
  hasMore,
  isLoading,
  isLoadingMore,
  onLoadMore,
  emptyText,
  label,
}: InfiniteListProps<T>) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page means a new last item to watch.
  useEffect(() => {
    const element = list.current?.lastElementChild;
    if (!element || !hasMore || isLoadingMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isLoadingMore, onLoadMore, items.length]);

  if (isLoading) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {emptyText ?? t('common.empty')}
      </Typography>
    );
  }
  return (
    <Box>
      <Box
        ref={list}
        component="ul"
        aria-label={label}
        aria-busy={isLoadingMore}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </Box>
      {isLoadingMore ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('common.loadingMore')} />
        </Box>
      ) : null}
    </Box>
  );
}
