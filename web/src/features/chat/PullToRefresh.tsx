import { Box, CircularProgress, Typography } from '@mui/material';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How far (px) a pull must go before letting go refreshes. */
const threshold = 64;

interface PullToRefreshProps {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}

/**
 * A scrolling box that refreshes when pulled down from its top on a touch screen ('Pull down to
 * refresh', then 'Release to refresh'). Mouse and keyboard users never see it.
 */
export function PullToRefresh({ onRefresh, children }: PullToRefreshProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [isRefreshing, setIsRefreshing] = useState(false);

  return (
    <Box
      ref={box}
      sx={{ flex: 1, overflowY: 'auto', overscrollBehavior: 'contain', position: 'relative' }}
      onTouchStart={(event) => {
        start.current = (box.current?.scrollTop ?? 1) <= 0 ? (event.touches[0]?.clientY ?? null) : null;
      }}
      onTouchMove={(event) => {
        if (start.current === null) return;
        setPull(Math.max(0, Math.min(threshold * 1.5, (event.touches[0]?.clientY ?? 0) - start.current)));
      }}
      onTouchEnd={() => {
        if (pull >= threshold && !isRefreshing) {
          setIsRefreshing(true);
          void onRefresh().finally(() => setIsRefreshing(false));
        }
        start.current = null;
        setPull(0);
      }}
    >
      {pull > 0 || isRefreshing ? (
        <Box
          role="status"
          sx={{
            display: 'flex',
            justifyContent: 'center',
            alignItems: 'center',
            gap: 1,
            py: 1,
            height: isRefreshing ? 40 : pull,
          }}
        >
          {isRefreshing ? (
            <CircularProgress size={20} aria-label={t('chat.list.refreshing')} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {pull >= threshold ? t('chat.list.releaseToRefresh') : t('chat.list.pullToRefresh')}
            </Typography>
          )}
        </Box>
      ) : null}
      {children}
    </Box>
  );
}
