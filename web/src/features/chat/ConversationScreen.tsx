import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Avatar,
  Box,
  CircularProgress,
  IconButton,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRealtimeMessage } from '../../api/RealtimeProvider.tsx';
import { nameInitials } from '../../components/initials.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { postToHost } from '../embed/index.ts';
import { ChatTopBar } from './ChatTopBar.tsx';
import { Composer } from './Composer.tsx';
import { ConversationActions } from './ConversationActions.tsx';
import { getConversation } from './chatApi.ts';
import { setOpenConversation, setUnreadCount } from './chatCache.ts';
import { conversationImage, conversationTitle } from './chatModel.ts';
import { MessageList } from './MessageList.tsx';
import { useMyId } from './useChatAccount.ts';
import { useSendMessage, useSendWithMedia } from './useSendMessage.ts';

/** /chat/conversation/:conversationId, keyed by the id so each conversation starts afresh. */
export function ConversationRoute() {
  const { conversationId = '' } = useParams();
  return <ConversationScreen key={conversationId} conversationId={conversationId} />;
}

/** One conversation: top bar, messages, composer (PRODUCT.md §2.2 Chat, conversation window). */
function ConversationScreen({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const myId = useMyId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.chatConversation(conversationId),
    queryFn: ({ signal }) => getConversation(conversationId, signal),
  });
  const { pending, send, retry } = useSendMessage(conversationId);
  const { showSnackbar } = useSnackbar();
  const onSkipped = useCallback(
    (name: string, isTooLarge: boolean) =>
      showSnackbar(t(isTooLarge ? 'chat.composer.videoTooLarge' : 'chat.composer.uploadFailed', { name }), {
        severity: 'warning',
      }),
    [showSnackbar, t],
  );
  const { upload, sendAll } = useSendWithMedia(send, onSkipped);
  const conversation = query.data;
  const title = conversation ? conversationTitle(conversation, myId, t('chat.supportTitle')) : '';
  usePageTitle(title || t('pages.conversation'));

  // Opening reads it: its new messages count as read, here and in the list.
  useEffect(() => {
    setOpenConversation(conversationId);
    setUnreadCount(queryClient, conversationId, 0);
    return () => setOpenConversation(null);
  }, [conversationId, queryClient]);
  // The host page learns what is open (PRODUCT.md part 2 §1; docs/EMBED.md).
  const openedId = conversation?.conversationId;
  const linkedCalendarId = conversation?.linkedEntity.linkedTo ?? null;
  useEffect(() => {
    if (openedId)
      postToHost({ type: 'conversation-opened', conversationId: openedId, calendarId: linkedCalendarId });
  }, [openedId, linkedCalendarId]);

  // Hidden or deleted elsewhere (or the viewer lost it): close it.
  useRealtimeMessage('conversations', (payload) => {
    if (
      payload.conversationId === conversationId &&
      (payload.action === 'hidden' || payload.action === 'deleted')
    ) {
      void navigate('/chat', { replace: true });
    }
  });
  useRealtimeMessage('users', (payload) => {
    if (payload.conversationId !== conversationId || payload.action !== 'left') return;
    void query.refetch().then((result) => {
      if (result.isError) void navigate('/chat', { replace: true });
    });
  });

  // A conversation that fails to load is not found (PRODUCT.md §2.8).
  if (query.isError) return <Navigate to="/404" replace />;
  if (!conversation) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  const isUnavailable = conversation.status === 'unavailable';
  const refusal = conversation.abilities.send
    ? undefined
    : t(conversation.type === '1to1' ? 'chat.errors.blockedPrivateMessages' : 'chat.errors.unavailable');
  // A deleted calendar's conversation (unavailable) has no calendar left to link to.
  const calendarId =
    conversation.type === 'calendar' && !isUnavailable ? conversation.linkedEntity.linkedTo : null;

  return (
    <>
      <ChatTopBar>
        <Tooltip title={t('chat.conversation.close')}>
          <IconButton component={RouterLink} to="/chat" aria-label={t('chat.conversation.close')}>
            {isPhone ? <ArrowBackIcon /> : <CloseIcon />}
          </IconButton>
        </Tooltip>
        <Avatar
          src={conversationImage(conversation, myId) ?? undefined}
          alt=""
          aria-hidden
          sx={{ bgcolor: 'primary.main' }}
        >
          {nameInitials(title)}
        </Avatar>
        <Typography component="h1" variant="h6" noWrap sx={{ flex: 1, minWidth: 0, fontSize: '1.1rem' }}>
          {title}
        </Typography>
        {calendarId ? (
          <Tooltip title={t('chat.conversation.calendar')}>
            <IconButton
              component={RouterLink}
              to={`/calendars/${calendarId}`}
              aria-label={t('chat.conversation.calendar')}
            >
              <EventOutlinedIcon />
            </IconButton>
          </Tooltip>
        ) : conversation.type === 'group' ? (
          <Tooltip title={t('chat.conversation.details')}>
            <IconButton
              component={RouterLink}
              to={`/chat/conversation/${conversationId}/details`}
              aria-label={t('chat.conversation.details')}
            >
              <InfoOutlinedIcon />
            </IconButton>
          </Tooltip>
        ) : null}
        <ConversationActions conversation={conversation} />
      </ChatTopBar>
      <MessageList conversationId={conversationId} pending={pending} onRetry={retry} />
      {isUnavailable ? null : (
        <Composer
          onSend={(text, files) => void sendAll(text, files)}
          refusal={refusal}
          upload={upload}
          isPhone={isPhone}
        />
      )}
      {isUnavailable ? (
        <Typography
          color="text.secondary"
          sx={{ p: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}
        >
          {t('chat.conversation.unavailable')}
        </Typography>
      ) : null}
    </>
  );
}
