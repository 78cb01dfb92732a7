import { type ChatContact, chatLimits, groupName } from '@convene/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItemButton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { BotCheckHandle } from '../../components/InvisibleAltcha.tsx';
import { nameInitials } from '../../components/initials.ts';
import { useDebouncedValue } from '../../components/useDebouncedValue.ts';
import { useErrorText } from '../../components/useErrorText.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSession } from '../auth/useSession.ts';
import { ChatTopBar } from './ChatTopBar.tsx';
import { addParticipants, createConversation, inviteByEmail, searchContacts } from './chatApi.ts';
import { contactQuery, looksLikeEmail, pickableContacts } from './chatModel.ts';

const InvisibleAltcha = lazy(() =>
  import('../../components/InvisibleAltcha.tsx').then((module) => ({ default: module.InvisibleAltcha })),
);

/** Contact suggestions for a query, 20 a page; more are fetched while filtering leaves too few. */
function useContacts(q: string) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.chatContacts(q),
    enabled: q !== '',
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => searchContacts(q, pageParam, signal).catch(() => [] as ChatContact[]),
    getNextPageParam: (lastPage, pages) =>
      lastPage.length === chatLimits.pageSize ? pages.length * chatLimits.pageSize : undefined,
  });
  const contacts = useMemo(() => (query.data?.pages ?? []).flat(), [query.data]);
  return { ...query, contacts };
}

interface PickerProps {
  /** People already in the conversation (adding participants): never offered. */
  existing?: ReadonlySet<string>;
  mode: 'new' | 'add';
  conversationId?: string;
}

/** /chat/new: 'Start New Conversation'. */
export function NewConversationScreen() {
  return <ContactPicker mode="new" />;
}

/**
 * The contact picker of a new conversation or of adding participants (PRODUCT.md §2.5): my own
 * chip first (not removable), suggestions from 4 characters, blocked people last and marked.
 */
export function ContactPicker({ existing, mode, conversationId }: PickerProps) {
  const { t, i18n } = useTranslation();
  const { account } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const botCheck = useRef<BotCheckHandle>(null);
  const [isHuman, setIsHuman] = useState(false);
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<ChatContact[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const title = mode === 'new' ? t('chat.new.title') : t('chat.new.addTitle');
  usePageTitle(title);
  const typed = contactQuery(text, chatLimits.contactSearchMinChars);
  const q = useDebouncedValue(typed, 400);
  const { contacts, hasNextPage, isFetchingNextPage, fetchNextPage, isFetching } = useContacts(q);
  const excluded = useMemo(
    () => new Set([...(existing ?? []), ...selected.map((c) => c.userId), account?.userId ?? '']),
    [existing, selected, account?.userId],
  );
  const suggestions = pickableContacts(contacts, excluded);
  // A full page filtered down to few: ask for the next one.
  const tooFew = suggestions.length < chatLimits.pageSize;
  useEffect(() => {
    if (tooFew && hasNextPage && !isFetchingNextPage && !isFetching) void fetchNextPage();
  }, [tooFew, hasNextPage, isFetchingNextPage, isFetching, fetchNextPage]);
  // An unknown address (not one's own) is offered as an invitation.
  const invitable =
    looksLikeEmail(q) &&
    !isFetching &&
    contacts.length === 0 &&
    q !== account?.email.toLowerCase() &&
    !selected.some((contact) => contact.email === q);
  const isGroup = mode === 'new' && selected.length > 1;
  const nameValid = groupName.safeParse(name).success;
  const singleBlocked = mode === 'new' && selected.length === 1 && selected[0]?.isBlocked === true;

  const choose = async (contact: ChatContact) => {
    if (!isHuman) {
      try {
        await botCheck.current?.solve();
        setIsHuman(true);
      } catch {
        setError(t('chat.errors.actionFailed'));
        return;
      }
    }
    setSelected((list) => [...list, contact]);
    setText('');
    // A refusal said before (an invitation, a start) no longer applies to the new choice.
    setError(undefined);
  };

  const invite = async () => {
    try {
      const answer = await inviteByEmail(q);
      const email = answer.linkedEntity.email;
      await choose({ userId: answer.userId, name: email, email, imageLink: null, isBlocked: false });
    } catch (cause) {
      setError(cause instanceof ApiError ? errorText(cause.message) : t('chat.errors.actionFailed'));
    }
  };

  const submit = useMutation({
    mutationFn: async () => {
      const users = selected.map((c) => c.userId);
      if (mode === 'add' && conversationId) {
        await addParticipants(conversationId, users);
        return conversationId;
      }
      const created = await createConversation(
        isGroup ? { type: 'group', name, users } : { type: '1to1', users },
      );
      queryClient.setQueryData(queryKeys.chatConversation(created.conversationId), created);
      return created.conversationId;
    },
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatLists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatParticipants(id) });
      setSelected([]);
      void navigate(`/chat/conversation/${id}${mode === 'add' ? '/details' : ''}`, { replace: true });
    },
    onError: (cause) =>
      setError(cause instanceof ApiError ? errorText(cause.message) : t('chat.errors.actionFailed')),
  });

  const hint = text.trim().length < chatLimits.contactSearchMinChars ? t('chat.new.hintMinChars') : undefined;
  const canSubmit = selected.length > 0 && !singleBlocked && (!isGroup || nameValid) && !submit.isPending;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ChatTopBar>
        <IconButton
          component={RouterLink}
          to={conversationId ? `/chat/conversation/${conversationId}/details` : '/chat'}
          aria-label={t('common.back')}
        >
          <ArrowBackIcon />
        </IconButton>
        <Typography component="h1" variant="h6" sx={{ flex: 1, fontSize: '1.1rem' }}>
          {title}
        </Typography>
      </ChatTopBar>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, overflowY: 'auto', flex: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('chat.new.hintEmail')}
        </Typography>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
          aria-label={t('chat.new.chosen')}
          role="group"
        >
          {mode === 'new' && account ? <Chip label={t('chat.new.me', { name: account.name })} /> : null}
          {selected.map((contact) => (
            <Chip
              key={contact.userId}
              label={contact.name}
              color={contact.isBlocked ? 'default' : 'primary'}
              onDelete={() => setSelected((list) => list.filter((c) => c.userId !== contact.userId))}
            />
          ))}
        </Box>
        <TextField
          label={t('chat.new.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText={hint}
          size="small"
          autoComplete="off"
          fullWidth
        />
        {isGroup ? (
          <TextField
            label={t('chat.new.groupName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={name !== '' && !nameValid}
            helperText={name !== '' && !nameValid ? t('chat.errors.groupNameRequired') : undefined}
            slotProps={{ htmlInput: { maxLength: chatLimits.groupNameMax } }}
            required
            size="small"
            fullWidth
          />
        ) : null}
        {invitable ? (
          <List aria-label={t('chat.new.suggestions')} dense>
            <li>
              <ListItemButton onClick={() => void invite()} sx={{ gap: 1.5 }}>
                <Avatar aria-hidden sx={{ width: 32, height: 32 }}>
                  @
                </Avatar>
                <Typography noWrap>{t('chat.new.invite', { email: q })}</Typography>
              </ListItemButton>
            </li>
          </List>
        ) : null}
        {isFetching && suggestions.length === 0 ? (
          <CircularProgress size={24} aria-label={t('common.loading')} />
        ) : null}
        {suggestions.length > 0 ? (
          <List aria-label={t('chat.new.suggestions')} dense>
            {suggestions.map((contact) => (
              <li key={contact.userId}>
                <ListItemButton onClick={() => void choose(contact)} sx={{ gap: 1.5 }}>
                  <Avatar
                    src={contact.imageLink ?? undefined}
                    alt=""
                    aria-hidden
                    sx={{ width: 32, height: 32, bgcolor: 'primary.main' }}
                  >
                    {nameInitials(contact.name)}
                  </Avatar>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography noWrap>{contact.name}</Typography>
                    {contact.email ? (
                      <Typography variant="body2" color="text.secondary" noWrap>
                        {contact.email}
                      </Typography>
                    ) : null}
                  </Box>
                  {contact.isBlocked ? <Chip size="small" label={t('chat.participants.blocked')} /> : null}
                </ListItemButton>
              </li>
            ))}
          </List>
        ) : null}
        {error ? (
          <Typography color="error" role="alert">
            {error}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider', display: 'flex', justifyContent: 'flex-end' }}>
        <Tooltip title={singleBlocked ? t('chat.errors.blockedPrivateMessages') : ''}>
          <span>
            <Button variant="contained" disabled={!canSubmit} onClick={() => submit.mutate()}>
              {mode === 'new' ? t('chat.new.start') : t('chat.new.add')}
            </Button>
          </span>
        </Tooltip>
      </Box>
      <Suspense fallback={null}>
        <InvisibleAltcha ref={botCheck} language={i18n.resolvedLanguage ?? 'en'} />
      </Suspense>
    </Box>
  );
}
