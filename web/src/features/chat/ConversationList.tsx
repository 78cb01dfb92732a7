import { type Conversation, chatLimits } from '@convene/contract';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import {
  Avatar,
  Badge,
  Box,
  Button,
  IconButton,
  ListItemButton,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { InfiniteList } from '../../components/InfiniteList.tsx';
import { nameInitials } from '../../components/initials.ts';
import { SearchBar } from '../../components/SearchBar.tsx';
import { useSession } from '../auth/useSession.ts';
import { listConversations } from './chatApi.ts';
import type { ListPageParam } from './chatCache.ts';
import { conversationImage, conversationTitle } from './chatModel.ts';
import { messagePreview } from './conversationPreview.ts';
import { PullToRefresh } from './PullToRefresh.tsx';
import { shortTime } from './time.ts';
import { useMyId } from './useChatAccount.ts';

/** Chat search debounce of PRODUCT.md §2.9. */
const searchDebounceMs = 1000;

/** The viewer's conversations, newest activity first, a page of 20 at a time. */
function useConversationList(q: string) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.chatList(q),
    initialPageParam: { skip: 0 } as ListPageParam,
    queryFn: ({ pageParam, signal }) => listConversations({ q, ...pageParam }, signal),
    getNextPageParam: (lastPage, pages, lastParam): ListPageParam | undefined =>
      lastPage.length < chatLimits.pageSize
        ? undefined
        : {
            skip: pages.reduce((sum, page) => sum + page.length, 0),
            from: lastParam.from ?? pages[0]?.[0]?.updatedDate,
          },
  });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (pages ?? []).flat().filter((item) => {
      if (seen.has(item.conversationId)) return false;
      seen.add(item.conversationId);
      return true;
    });
  }, [pages]);
  return { ...query, items };
}

/** The list column: search, New Chat, the conversations (PRODUCT.md §2.2 Chat, list). */
export function ConversationList() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [q, setQ] = useState('');
  const canCreateChat = useSession().account?.permissions.canCreateChat === true;
  const list = useConversationList(q);
  const { fetchNextPage, refetch } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const onlySupport = list.items.every((item) => item.preferences.isSupportThread);
  const emptyText = q ? t('chat.list.noResults') : t('chat.list.empty');

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 1.5, pb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <SearchBar
            onSearch={setQ}
            label={t('chat.list.search')}
            minChars={1}
            debounceMs={searchDebounceMs}
          />
        </Box>
        {!canCreateChat ? null : isPhone ? (
          <Tooltip title={t('chat.list.newChat')}>
            <IconButton
              component={RouterLink}
              to="/chat/new"
              color="primary"
              aria-label={t('chat.list.newChat')}
            >
              <AddCommentOutlinedIcon />
            </IconButton>
          </Tooltip>
        ) : (
          <Button
            component={RouterLink}
            to="/chat/new"
            variant="contained"
            startIcon={<AddCommentOutlinedIcon />}
            sx={{ flexShrink: 0 }}
          >
            {t('chat.list.newChat')}
          </Button>
        )}
      </Box>
      <PullToRefresh onRefresh={() => refetch()}>
        <InfiniteList
          items={list.items}
          getKey={(item) => item.conversationId}
          renderItem={(item) => <ConversationRow conversation={item} />}
          hasMore={list.hasNextPage}
          isLoading={list.isLoading}
          isLoadingMore={list.isFetchingNextPage}
          onLoadMore={loadMore}
          emptyText={emptyText}
          label={t('chat.list.label')}
        />
        {list.items.length > 0 && onlySupport && !q ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {t('chat.list.empty')}
          </Typography>
        ) : null}
        <Box aria-hidden sx={{ height: 64 }} />
      </PullToRefresh>
    </>
  );
}

function ConversationRow({ conversation }: { conversation: Conversation }) {
  const { t, i18n } = useTranslation();
  const myId = useMyId();
  const { conversationId: openId } = useParams();
  const title = conversationTitle(conversation, myId, t('chat.supportTitle'));
  const preview = messagePreview(conversation.lastMessage, t, myId);
  const isOpen = openId === conversation.conversationId;
  // The open conversation is being read: a list refetched before the read reached the server
  // must not show it as unread.
  const unread = isOpen ? 0 : conversation.unreadCount;
  return (
    <ListItemButton
      component={RouterLink}
      to={`/chat/conversation/${conversation.conversationId}`}
      selected={isOpen}
      aria-current={isOpen ? 'page' : undefined}
      sx={{ gap: 1.5, py: 1, alignItems: 'center' }}
    >
      <Avatar
        src={conversationImage(conversation, myId) ?? undefined}
        alt=""
        aria-hidden
        sx={{ bgcolor: 'primary.main' }}
      >
        {nameInitials(title)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography noWrap sx={{ flex: 1, fontWeight: unread > 0 ? 700 : 600 }}>
            {title}
          </Typography>
          {conversation.lastMessage ? (
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {shortTime(conversation.lastMessage.createdDate, new Date(), i18n.language)}
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1 }}>
            {preview}
          </Typography>
          {conversation.muted ? (
            <NotificationsOffOutlinedIcon
              fontSize="small"
              titleAccess={t('chat.list.muted')}
              sx={{ color: 'text.secondary' }}
            />
          ) : null}
          {unread > 0 ? (
            <Badge
              badgeContent={unread}
              max={99}
              color="secondary"
              aria-label={t('chat.list.unread', { count: unread })}
              data-testid="unread-badge"
              sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
            />
          ) : null}
        </Box>
      </Box>
    </ListItemButton>
  );
}
