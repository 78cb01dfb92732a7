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

/** A list that asks for the next page when its end scrolls into view. */
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
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || isLoadingMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isLoadingMore, onLoadMore]);

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
      <Box component="ul" aria-label={label} aria-busy={isLoadingMore} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </Box>
      <div ref={sentinel} />
      {isLoadingMore ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('common.loadingMore')} />
        </Box>
      ) : null}
    </Box>
  );
}
