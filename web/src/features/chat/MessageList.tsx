import { isVideoMediaUrl } from '@convene/contract';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { Box, Chip, CircularProgress, Typography } from '@mui/material';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { showNewestMessages } from './chatCache.ts';
import { buildMessageRows, dayWord, type MessageRow, type PendingMessage } from './chatModel.ts';
import { MessageBubble, SystemChip } from './MessageBubble.tsx';
import { messagePagesOptions } from './messagePages.ts';
import { longDay } from './time.ts';
import { useMyId } from './useChatAccount.ts';

interface MessageListProps {
  conversationId: string;
  pending: readonly PendingMessage[];
  onRetry: (clientKey: string) => void;
}

const nearBottomPx = 48;
const listPaddingPx = 8;

/** A first guess of a row's height before it is measured. */
function estimatedHeight(row: MessageRow | undefined): number {
  if (!row || row.kind === 'day') return 44;
  if (row.kind === 'system') return 40;
  if (row.media) return 140;
  return row.startsGroup ? 90 : 62;
}

/**
 * A row that starts at or above the top of the view and changes height (a message no longer the
 * first of its group once older ones arrive above it) moves the scroll position with it, so the
 * text the reader sees stays put — scrolling up too, where the virtualizer by default leaves
 * re-measured rows be. (At the very top the view starts at the list's padding.)
 */
function isAboveTheView(
  item: VirtualItem,
  _delta: number,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
) {
  return item.start <= (virtualizer.scrollOffset ?? 0) + listPaddingPx;
}

/**
 * The conversation's messages, oldest at the top: day headers, sender groups and system chips.
 * Loading older messages above, or newer ones below after going far back (a few pages are kept:
 * messagePages.ts), keeps the view still; a new message scrolls into view only when the reader
 * is at the bottom, else a 'New messages' pill offers to go there. New messages from others are
 * announced politely.
 */
export function MessageList({ conversationId, pending, onRetry }: MessageListProps) {
  const { t, i18n } = useTranslation();
  const myId = useMyId();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(messagePagesOptions(conversationId));
  const { fetchNextPage, hasNextPage, fetchPreviousPage, hasPreviousPage } = query;
  const isFetchingPage = query.isFetchingNextPage || query.isFetchingPreviousPage;
  const messages = useMemo(() => (query.data?.pages ?? []).flatMap((page) => page.messages), [query.data]);
  // The first page changed (a newer page fetched or the newest dropped): the rows that moved at
  // the bottom are history, not new messages.
  const firstParam = query.data?.pageParams[0];
  const shownFirstParam = useRef(firstParam);
  const isPageChange = firstParam !== shownFirstParam.current;
  useLayoutEffect(() => {
    shownFirstParam.current = firstParam;
  });
  const rows = useMemo(
    () => buildMessageRows(messages, pending, myId, { hasOlder: hasNextPage }),
    [messages, pending, myId, hasNextPage],
  );
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  const [hasNew, setHasNew] = useState(false);
  const now = new Date();

  const lastRow = rows.at(-1);
  const lastKey = lastRow?.key;

  // Only the rows in view (and a few around) are in the page: a conversation of thousands of
  // messages scrolls as lightly as a short one. Heights are measured as rows appear. Anchored to
  // the end, as a chat is: an older page arriving above keeps the message in view where it was
  // (measured heights of the rows above included), and new rows are followed only by a reader at
  // the bottom.
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const estimateSize = useCallback((index: number) => estimatedHeight(rows[index]), [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize,
    getItemKey,
    overscan: 8,
    paddingStart: listPaddingPx,
    paddingEnd: listPaddingPx,
    anchorTo: 'end',
    // Only what is newest is followed: a page of newer history arriving keeps the view where it was.
    followOnAppend: !hasPreviousPage && !isPageChange,
    scrollEndThreshold: nearBottomPx,
  });
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = isAboveTheView;

  // A new last row: the first ones open at the newest; my own is always shown; another's is
  // followed (by the virtualizer) at the bottom, else a 'New messages' pill offers to go there.
  const shownLastKey = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const before = shownLastKey.current;
    shownLastKey.current = lastKey;
    // A page that came or went at the bottom moved history there, not a new message.
    if (lastKey === undefined || lastKey === before || (before !== undefined && isPageChange)) return;
    const mine = lastRow?.kind === 'message' && lastRow.mine;
    if (before === undefined || mine) {
      isAtBottom.current = true;
      virtualizer.scrollToEnd();
      setHasNew(false);
    } else if (!isAtBottom.current) {
      setHasNew(true);
    }
  }, [lastKey, lastRow, virtualizer, isPageChange]);

  // The view shrinking or growing (a phone turned, its keyboard opened under the composer, a
  // window resized) keeps a reader at the bottom there.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (isAtBottom.current) virtualizer.scrollToEnd();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [virtualizer]);

  // Older pages load as the top comes near, newer ones (once dropped) as the bottom does; one
  // page at a time, as a second fetch would cancel the first.
  useEffect(() => {
    const element = top.current;
    if (!element || !hasNextPage || isFetchingPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root: box.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingPage, fetchNextPage]);
  useEffect(() => {
    const element = bottom.current;
    if (!element || !hasPreviousPage || isFetchingPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchPreviousPage();
      },
      { root: box.current, rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasPreviousPage, isFetchingPage, fetchPreviousPage]);

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
    if (announced.current !== undefined && announced.current !== lastIncoming.key && !isPageChange) {
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
  }, [lastIncoming, t, isPageChange]);

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
    isAtBottom.current = true;
    virtualizer.scrollToEnd();
    setHasNew(false);
  };
  // Far back, the newest pages were dropped: jumping there loads the newest page alone, and its
  // arrival scrolls to the end (the first rows of a list always do).
  const jumpToNewest = () => showNewestMessages(queryClient, conversationId);

  return (
    <Box sx={{ flex: 1, minHeight: 0, position: 'relative', display: 'flex', flexDirection: 'column' }}>
      <Box
        ref={box}
        role="log"
        aria-label={t('chat.conversation.messages')}
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key === 'End' && hasPreviousPage) {
            event.preventDefault();
            jumpToNewest();
          }
        }}
        onScroll={(event) => {
          const element = event.currentTarget;
          isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < nearBottomPx;
          if (isAtBottom.current) setHasNew(false);
        }}
        sx={{ flex: 1, overflowY: 'auto', overflowAnchor: 'none', outline: 'none' }}
      >
        <div ref={top} />
        {!query.isLoading && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            {t('chat.conversation.empty')}
          </Typography>
        ) : null}
        <Box sx={{ position: 'relative', width: '100%' }} style={{ height: virtualizer.getTotalSize() }}>
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
        <div ref={bottom} />
      </Box>
      {query.isFetchingNextPage || query.isLoading ? (
        // Over the messages, not above them: showing it moves nothing the reader sees.
        <Box
          role="status"
          sx={{ position: 'absolute', top: 8, left: '50%', transform: 'translateX(-50%)', lineHeight: 0 }}
        >
          <CircularProgress size={24} aria-label={t('chat.conversation.loadOlder')} />
        </Box>
      ) : null}
      {query.isFetchingPreviousPage ? (
        <Box
          role="status"
          sx={{ position: 'absolute', bottom: 56, left: '50%', transform: 'translateX(-50%)', lineHeight: 0 }}
        >
          <CircularProgress size={24} aria-label={t('chat.conversation.loadNewer')} />
        </Box>
      ) : null}
      {hasNew ? (
        <Chip
          color="primary"
          icon={<ArrowDownwardIcon />}
          label={t('chat.conversation.newMessages')}
          onClick={scrollToBottom}
          sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)' }}
        />
      ) : null}
      {hasPreviousPage ? (
        <Chip
          color="primary"
          icon={<ArrowDownwardIcon />}
          label={t('chat.conversation.jumpToNewest')}
          onClick={jumpToNewest}
          sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)' }}
        />
      ) : null}
      <Box aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
