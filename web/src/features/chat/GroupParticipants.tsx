import { type ChatParticipant, type Conversation, chatLimits } from '@convene/contract';
import { Avatar, Box, Typography } from '@mui/material';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys.ts';
import { nameInitials } from '../../components/initials.ts';
import { ChatActionsMenu } from './ChatActionsMenu.tsx';
import { blockUser, listParticipants, removeParticipant, setParticipantRole } from './chatApi.ts';

/** Every participant of a conversation, page by page (an error reads as an empty list). */
export function useParticipants(conversationId: string) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.chatParticipants(conversationId),
    initialPageParam: { skip: 0 } as { skip: number; from?: string },
    queryFn: ({ pageParam, signal }) =>
      listParticipants(conversationId, pageParam, signal).catch(() => [] as ChatParticipant[]),
    getNextPageParam: (lastPage, pages, lastParam) =>
      lastPage.length < chatLimits.pageSize
        ? undefined
        : { skip: pages.length * chatLimits.pageSize, from: lastParam.from ?? new Date().toISOString() },
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // The whole list is shown (ordered as a whole), so every page is fetched.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return query;
}

type Option = 'remove' | 'makeAdmin' | 'dismissAdmin' | 'block';

/**
 * What the viewer may do to a participant (PRODUCT.md §2.6), in menu order: the abilities the
 * server's participant policy sent with the person, never re-derived here.
 */
export function participantOptions(person: ChatParticipant): Option[] {
  const options: Option[] = [];
  if (person.abilities.remove) options.push('remove');
  if (person.abilities.changeRole) options.push(person.role === 'admin' ? 'dismissAdmin' : 'makeAdmin');
  if (person.abilities.block) options.push('block');
  return options;
}

/** One participant: photo, name, role or state, and the viewer's options for them. */
export function ParticipantRow({
  person,
  conversation,
  onError,
}: {
  person: ChatParticipant;
  conversation: Conversation;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = conversation.conversationId;
  const options = participantOptions(person);
  const run = useMutation({
    mutationFn: async (option: Option) => {
      const userId = person.userId ?? '';
      if (option === 'remove') await removeParticipant(id, userId);
      if (option === 'makeAdmin') await setParticipantRole(id, userId, 'admin');
      if (option === 'dismissAdmin') await setParticipantRole(id, userId, 'participant');
      if (option === 'block') await blockUser(userId);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatParticipants(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatConversation(id) });
    },
    onError,
  });
  const label = person.isBlocked
    ? t('chat.participants.blocked')
    : person.status === 'pending'
      ? t('chat.participants.invitationSent')
      : person.role === 'owner'
        ? t('chat.participants.owner')
        : person.role === 'admin'
          ? t('chat.participants.admin')
          : undefined;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, height: 56, px: 2 }}
      data-testid="participant"
    >
      <Avatar src={person.imageLink ?? undefined} alt="" aria-hidden sx={{ bgcolor: 'primary.main' }}>
        {nameInitials(person.name)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap>{person.name}</Typography>
        {label ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {label}
          </Typography>
        ) : null}
      </Box>
      {options.length > 0 ? (
        <ChatActionsMenu
          label={t('chat.participants.options', { name: person.name })}
          actions={options}
          itemLabel={(option) => t(`chat.participants.${option}`)}
          question={(option) =>
            option === 'remove' || option === 'block' ? t(`chat.confirm.${option}`) : null
          }
          onRun={run.mutateAsync}
          isPending={run.isPending}
        />
      ) : null}
    </Box>
  );
}
