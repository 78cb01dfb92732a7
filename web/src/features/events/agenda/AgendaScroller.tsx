import type { AgendaItem } from '@convene/contract';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AgendaRow,
  agendaFocusRow,
  agendaRowOffsets,
  agendaRowSize,
  agendaRowSizes,
  agendaStartRow,
  anchorShift,
  nextEventRow,
} from './agendaDays.ts';
import { DayHeader } from './DayHeader.tsx';
import { EventRow } from './EventRow.tsx';

/** How near either end (in pixels, about three event rows) the next page is asked for. */
const edgePx = 3 * (agendaRowSizes.eventHeight + agendaRowSizes.eventGap);

/** What the scroller needs of the agenda query. */
export interface AgendaPaging {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchingPreviousPage: boolean;
  isFetchNextPageError: boolean;
  isFetchPreviousPageError: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
  fetchPreviousPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

interface AgendaScrollerProps {
  rows: AgendaRow<AgendaItem>[];
  today: string;
  timeZone: string;
  calendarId: string | null;
  paging: AgendaPaging;
}

function PageStatus({ edge, label }: { edge: 'top' | 'bottom'; label: string }) {
  return (
    <Box
      role="status"
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        [edge]: 8,
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      <Box sx={{ bgcolor: 'background.paper', borderRadius: '50%', boxShadow: 2, p: 0.75, display: 'flex' }}>
        <CircularProgress size={24} aria-label={label} />
      </Box>
    </Box>
  );
}

function PageError({ edge, onRetry }: { edge: 'top' | 'bottom'; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={{ position: 'absolute', left: 8, right: 8, [edge]: 8, boxShadow: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('eventList.retry')}
        </Button>
      }
    >
      {t('eventList.loadMoreFailed')}
    </Alert>
  );
}

/**
 * The agenda's rows, virtualised, in a scroll area of their own: opens at today, asks for older
 * or newer pages near either end, and keeps the row at the top in place when rows come in above.
 */
export function AgendaScroller({ rows, today, timeZone, calendarId, paging }: AgendaScrollerProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const keys = useMemo(() => rows.map((row) => row.key), [rows]);
  const offsets = useMemo(() => agendaRowOffsets(rows), [rows]);
  const layout = useRef<{ keys: readonly string[]; offsets: readonly number[] } | null>(null);
  const [isPositioned, setIsPositioned] = useState(false);

  // A new key function tells the virtualizer the rows changed, so it measures them again.
  const getItemKey = useCallback((index: number) => keys[index] ?? index, [keys]);
  const estimateSize = useCallback(
    (index: number) => agendaRowSize(rows[index] ?? { type: 'event' }),
    [rows],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 5,
  });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (layout.current === null) {
      element.scrollTop = offsets[agendaStartRow(rows, today)] ?? 0;
      setIsPositioned(true);
    } else {
      const shift = anchorShift(layout.current, { keys, offsets }, element.scrollTop);
      if (shift !== 0) element.scrollTop += shift;
    }
    layout.current = { keys, offsets };
  }, [keys, offsets, rows, today]);

  const items = virtualizer.getVirtualItems();

  // Roving tabindex: Tab enters the agenda on one event row (today's first event until the
  // person moves), arrow keys move between rows; the other rows are out of the Tab order.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const activeIndex = activeKey === null ? -1 : keys.indexOf(activeKey);
  const focusIndex = activeIndex >= 0 ? activeIndex : agendaFocusRow(rows, today);
  const rendered = items.filter((item) => rows[item.index]?.type === 'event').map((item) => item.index);
  // A row scrolled out of the rendered range cannot take focus: the nearest rendered one does.
  const tabbableIndex = rendered.includes(focusIndex)
    ? focusIndex
    : (rendered.find((index) => index >= focusIndex) ?? rendered.at(-1) ?? -1);

  const handleKeyDown = (keyEvent: KeyboardEvent<HTMLElement>) => {
    if (keyEvent.key !== 'ArrowDown' && keyEvent.key !== 'ArrowUp') return;
    const rowElement = (keyEvent.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const from = Number(rowElement?.dataset.index ?? Number.NaN);
    if (!rowElement || Number.isNaN(from)) return;
    const next = nextEventRow(rows, from, keyEvent.key === 'ArrowDown' ? 1 : -1);
    keyEvent.preventDefault();
    const key = keys[next];
    if (next < 0 || key === undefined) return;
    pendingFocus.current = key;
    setActiveKey(key);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  useEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    const target = scrollRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"] a`);
    if (target) {
      pendingFocus.current = null;
      target.focus();
    }
  });

  const firstIndex = items[0]?.index;
  const lastIndex = items.at(-1)?.index;
  const { hasNextPage, hasPreviousPage, isFetching, fetchNextPage, fetchPreviousPage } = paging;
  const { isFetchNextPageError, isFetchPreviousPageError } = paging;

  useEffect(() => {
    const element = scrollRef.current;
    // One fetch at a time: a second one would cancel the first.
    if (!isPositioned || isFetching || !element || firstIndex === undefined || lastIndex === undefined)
      return;
    // Read where the view really is: the virtual range may still show the offset before a jump.
    const toEnd = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (hasNextPage && !isFetchNextPageError && toEnd < edgePx) {
      void fetchNextPage({ cancelRefetch: false });
    } else if (hasPreviousPage && !isFetchPreviousPageError && element.scrollTop < edgePx) {
      void fetchPreviousPage({ cancelRefetch: false });
    }
  }, [
    isPositioned,
    isFetching,
    firstIndex,
    lastIndex,
    hasNextPage,
    hasPreviousPage,
    isFetchNextPageError,
    isFetchPreviousPageError,
    fetchNextPage,
    fetchPreviousPage,
  ]);

  const isBusy = paging.isFetchingNextPage || paging.isFetchingPreviousPage;
  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Box
        ref={scrollRef}
        role="region"
        aria-label={t('eventList.listLabel')}
        aria-busy={isBusy}
        onKeyDown={handleKeyDown}
        onFocus={(focusEvent) => {
          const key = focusEvent.target.closest<HTMLElement>('[data-key]')?.dataset.key;
          if (key && rows[keys.indexOf(key)]?.type === 'event' && key !== activeKey) setActiveKey(key);
        }}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowAnchor: 'none' }}
      >
        <Box sx={{ position: 'relative', width: '100%' }} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <Box
                key={item.key}
                data-row={row.type}
                data-index={item.index}
                data-key={row.key}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              >
                {row.type === 'day' ? (
                  <DayHeader day={row.day} today={today} />
                ) : (
                  <Box sx={{ height: agendaRowSizes.eventHeight }}>
                    <EventRow
                      event={row.event}
                      calendarId={calendarId}
                      timeZone={timeZone}
                      tabIndex={item.index === tabbableIndex ? 0 : -1}
                    />
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      </Box>
      {paging.isFetchingPreviousPage ? <PageStatus edge="top" label={t('eventList.loadingEarlier')} /> : null}
      {paging.isFetchingNextPage ? <PageStatus edge="bottom" label={t('eventList.loadingLater')} /> : null}
      {isFetchPreviousPageError ? (
        <PageError edge="top" onRetry={() => void fetchPreviousPage({ cancelRefetch: false })} />
      ) : null}
      {isFetchNextPageError ? (
        <PageError edge="bottom" onRetry={() => void fetchNextPage({ cancelRefetch: false })} />
      ) : null}
    </Box>
  );
}
