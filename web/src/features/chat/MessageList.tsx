import { chatLimits, isVideoMediaUrl } from '@convene/contract';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { Box, Chip, CircularProgress, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys.ts';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { listMessages } from './chatApi.ts';
import type { MessagePageParam } from './chatCache.ts';
import { buildMessageRows, dayWord, type MessageRow, type PendingMessage } from './chatModel.ts';
import { MessageBubble, SystemChip } from './MessageBubble.tsx';
import { longDay } from './time.ts';
import { useMyId } from './useChatAccount.ts';

/** The messages of a conversation, newest page first; older pages load as the top comes into view. */
function useMessages(conversationId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.chatMessages(conversationId),
    initialPageParam: { skip: 0 } as MessagePageParam,
    queryFn: ({ pageParam, signal }) => listMessages(conversationId, pageParam, signal),
    // The next page ends just below the oldest message loaded (live messages join the first page).
    getNextPageParam: (lastPage, pages): MessagePageParam | undefined => {
      const from = pages[0]?.reduce((max, m) => Math.max(max, m.seq), 0) ?? 0;
      const oldest = lastPage.at(-1)?.seq;
      if (lastPage.length < chatLimits.pageSize || oldest === undefined || oldest <= 1) return undefined;
      return { skip: from - oldest + 1, from };
    },
    // Every page refetched on reconnect keeps its place; nothing of an old conversation lingers.
    gcTime: 60_000,
  });
}

interface MessageListProps {
  conversationId: string;
  pending: readonly PendingMessage[];
  onRetry: (clientKey: string) => void;
}

const nearBottomPx = 48;

/** A first guess of a row's height before it is measured. */
function estimatedHeight(row: MessageRow | undefined): number {
  if (!row || row.kind === 'day') return 44;
  if (row.kind === 'system') return 40;
  if (row.media) return 140;
  return row.startsGroup ? 90 : 62;
}

/**
 * The conversation's messages, oldest at the top: day headers, sender groups and system chips.
 * Loading older messages above keeps the view still; a new message scrolls into view only when
 * the reader is at the bottom, else a 'New messages' pill offers to go there. New messages from
 * others are announced politely.
 */
export function MessageList({ conversationId, pending, onRetry }: MessageListProps) {
  const { t, i18n } = useTranslation();
  const myId = useMyId();
  const query = useMessages(conversationId);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const messages = useMemo(() => (query.data?.pages ?? []).flat(), [query.data]);
  const rows = useMemo(() => buildMessageRows(messages, pending, myId), [messages, pending, myId]);
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  const [hasNew, setHasNew] = useState(false);
  const previous = useRef<{ anchorKey?: string; anchorStart: number; lastKey?: string }>({
    anchorStart: 0,
  });
  const now = new Date();

  const lastRow = rows.at(-1);
  const lastKey = lastRow?.key;

  // Only the rows in view (and a few around) are in the page: a conversation of thousands of
  // messages scrolls as lightly as a short one. Heights are measured as rows appear.
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const estimateSize = useCallback((index: number) => estimatedHeight(rows[index]), [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize,
    getItemKey,
    overscan: 8,
  });
  const totalSize = virtualizer.getTotalSize();

  // The oldest message shown (not a day header, which stays first when older messages of the
  // same day arrive): when it moves down, older messages came in above it.
  const anchorIndex = rows.findIndex((row) => row.kind !== 'day');
  const anchorKey = rows[anchorIndex]?.key;

  // biome-ignore lint/correctness/useExhaustiveDependencies: measured heights move the anchor too.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = previous.current;
    const anchorStart = virtualizer.measurementsCache[anchorIndex]?.start ?? 0;
    if (before.anchorKey && anchorKey !== before.anchorKey && lastKey === before.lastKey) {
      // Older messages arrived above: move by their height so what the reader sees stays put.
      const index = rows.findIndex((row) => row.key === before.anchorKey);
      const start = index >= 0 ? virtualizer.measurementsCache[index]?.start : undefined;
      if (start !== undefined) element.scrollTop += start - before.anchorStart;
    } else if (lastKey !== before.lastKey) {
      const mine = lastRow?.kind === 'message' && lastRow.mine;
      if (isAtBottom.current || mine || !before.lastKey) {
        isAtBottom.current = true;
        element.scrollTop = element.scrollHeight;
        setHasNew(false);
      } else {
        setHasNew(true);
      }
    }
    previous.current = { anchorKey, anchorStart, lastKey };
  }, [anchorKey, anchorIndex, lastKey, lastRow, rows, virtualizer, totalSize]);

  // Rows measured taller or shorter than estimated: a reader at the bottom stays there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the measured height changes.
  useLayoutEffect(() => {
    const element = box.current;
    if (element && isAtBottom.current) element.scrollTop = element.scrollHeight;
  }, [totalSize]);

  useEffect(() => {
    const element = top.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root: box.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const lastIncoming = useMemo(() => {
    for (let index = rows.length - 1; index >= 0; index -= 1) {
      const row = rows[index];
      if (row?.kind === 'message' && !row.mine) return row;
    }
    return undefined;
  }, [rows]);
  const announced = useRef<string | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!lastIncoming) return;
    if (announced.current !== undefined && announced.current !== lastIncoming.key) {
      setAnnouncement(
        t('chat.conversation.announce', {
          name: lastIncoming.senderName,
          text:
            lastIncoming.text ??
            t(
              lastIncoming.media && isVideoMediaUrl(lastIncoming.media)
                ? 'chat.media.video'
                : 'chat.media.photo',
            ),
        }),
      );
    }
    announced.current = lastIncoming.key;
  }, [lastIncoming, t]);

  const renderRow = (row: MessageRow) => {
    if (row.kind === 'day') {
      const word = dayWord(row.day, now);
      return (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
          <Typography variant="caption" color="text.secondary" component="h3" sx={{ fontWeight: 600, m: 0 }}>
            {word ? t(`chat.conversation.${word}`) : longDay(row.day, now, i18n.language)}
          </Typography>
        </Box>
      );
    }
    if (row.kind === 'system') return <SystemChip row={row} />;
    return <MessageBubble row={row} onRetry={onRetry} />;
  };

  const scrollToBottom = () => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
    setHasNew(false);
  };

  return (
    <Box sx={{ flex: 1, minHeight: 0, position: 'relative', display: 'flex', flexDirection: 'column' }}>
      <Box
        ref={box}
        role="log"
        aria-label={t('chat.conversation.messages')}
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < nearBottomPx;
          if (isAtBottom.current) setHasNew(false);
        }}
        sx={{ flex: 1, overflowY: 'auto', overflowAnchor: 'none', py: 1, outline: 'none' }}
      >
        <div ref={top} />
        {isFetchingNextPage || query.isLoading ? (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <CircularProgress size={24} aria-label={t('chat.conversation.loadOlder')} />
          </Box>
        ) : null}
        {!query.isLoading && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            {t('chat.conversation.empty')}
          </Typography>
        ) : null}
        <Box sx={{ position: 'relative', width: '100%' }} style={{ height: totalSize }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <Box
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {renderRow(row)}
              </Box>
            );
          })}
        </Box>
      </Box>
      {hasNew ? (
        <Chip
          color="primary"
          icon={<ArrowDownwardIcon />}
          label={t('chat.conversation.newMessages')}
          onClick={scrollToBottom}
          sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)' }}
        />
      ) : null}
      <Box aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
