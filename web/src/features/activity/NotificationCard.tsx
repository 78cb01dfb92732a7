import type { Notification } from '@convene/contract';
import { Avatar, Badge, Box, ButtonBase, Paper, Typography } from '@mui/material';
import { type MouseEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { nameInitials } from '../../components/initials.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { NotificationMeta } from './NotificationMeta.tsx';
import { notificationTarget } from './notificationLink.ts';
import { notificationSegments, type TextSegment } from './notificationText.ts';
import { AnsweredStatus, RequestActions } from './RequestActions.tsx';
import { useMarkRead } from './useActivityActions.ts';

interface NotificationCardProps {
  notification: Notification;
  /** Small screens: smaller avatar and text, and a 'View' link. */
  isCompact: boolean;
  now: Date;
  onAnswered: (updated: Notification) => void;
}

function Sentence({ segments, id }: { segments: TextSegment[]; id: string }) {
  return (
    <Typography component="span" id={id} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
      {segments.map((segment, index) =>
        segment.isName ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sentence, never reordered
          <Box component="strong" key={index} sx={{ fontWeight: 600 }}>
            {segment.text}
          </Box>
        ) : (
          segment.text
        ),
      )}
    </Typography>
  );
}

/**
 * One notification: sender avatar, its sentence, dates, and Accept / Decline while it is a pending
 * request. Opening it marks it read and follows its link (only when the viewer may see the target).
 */
export function NotificationCard({ notification, isCompact, now, onAnswered }: NotificationCardProps) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const markRead = useMarkRead();
  const textId = useId();
  const target = notificationTarget(notification);
  const isUnread = !notification.hasBeenRead;
  const segments = notificationSegments(notification, (key, values) => t(key, values), {
    someone: t('activity.names.someone'),
    event: t('activity.names.event'),
    calendar: t('activity.names.calendar'),
    role: (role) => t(`calendar.roles.${role}`),
  });
  const senderName = notification.sender?.name ?? notification.initiator?.name ?? '';
  const isPendingRequest = notification.status === 'pending' && notification.token !== null;
  const [wasAnsweredHere, setWasAnsweredHere] = useState(false);

  const handleAnswered = (updated: Notification) => {
    setWasAnsweredHere(true);
    onAnswered(updated);
  };

  const handleOpen = (event: MouseEvent) => {
    if (isUnread && !markRead.isPending) markRead.mutate(notification);
    if (target.kind === 'forbidden') {
      event.preventDefault();
      showSnackbar(t('activity.cannotAccess'), { severity: 'warning' });
    }
  };

  const avatarSize = isCompact ? 36 : 44;
  const content = (
    <>
      <Badge
        variant="dot"
        color="secondary"
        overlap="circular"
        invisible={!isUnread}
        sx={{
          '& .MuiBadge-badge': {
            width: 12,
            height: 12,
            borderRadius: 6,
            border: 2,
            borderColor: 'background.paper',
          },
        }}
      >
        <Avatar
          src={notification.sender?.imageLink ?? undefined}
          alt=""
          sx={{
            width: avatarSize,
            height: avatarSize,
            bgcolor: 'primary.main',
            fontSize: isCompact ? 14 : 16,
          }}
        >
          {nameInitials(senderName) || '?'}
        </Avatar>
      </Badge>
      <Box component="span" sx={{ flex: 1, minWidth: 0, display: 'block' }}>
        <Sentence segments={segments} id={textId} />
        <NotificationMeta
          notification={notification}
          now={now}
          isCompact={isCompact}
          showCalendar={!segments.some((segment) => segment.slot === 'calendar')}
          trailing={
            isCompact && target.kind !== 'none' ? (
              <Typography component="span" variant="body2" color="primary" sx={{ fontWeight: 600 }}>
                {t('activity.view')}
              </Typography>
            ) : null
          }
        />
        {isUnread ? (
          <Box component="span" sx={visuallyHidden}>
            {t('activity.unread')}
          </Box>
        ) : null}
      </Box>
    </>
  );

  const mainSx = {
    display: 'flex',
    alignItems: 'flex-start',
    gap: isCompact ? 1.5 : 2,
    width: '100%',
    p: isCompact ? 1.5 : 2,
    textAlign: 'left',
    color: 'inherit',
    textDecoration: 'none',
    borderRadius: 'inherit',
    '&:hover': { bgcolor: 'action.hover' },
    '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
  } as const;

  let main = <Box sx={{ ...mainSx, '&:hover': undefined }}>{content}</Box>;
  if (target.kind === 'link') {
    main = (
      <ButtonBase component={RouterLink} to={target.path} onClick={handleOpen} sx={mainSx}>
        {content}
      </ButtonBase>
    );
  } else if (target.kind === 'forbidden' || isUnread) {
    main = (
      <ButtonBase onClick={handleOpen} sx={mainSx}>
        {content}
      </ButtonBase>
    );
  }

  return (
    <Paper
      variant="outlined"
      sx={{
        mb: 1.5,
        overflow: 'hidden',
        bgcolor: isUnread ? 'rgba(66, 86, 193, 0.06)' : 'background.paper',
        borderColor: isUnread ? 'rgba(66, 86, 193, 0.35)' : 'divider',
      }}
    >
      {main}
      {isPendingRequest ? (
        <RequestActions
          notification={notification}
          describedBy={textId}
          isCompact={isCompact}
          onAnswered={handleAnswered}
        />
      ) : null}
      {notification.status === 'accepted' || notification.status === 'rejected' ? (
        <AnsweredStatus status={notification.status} isCompact={isCompact} takeFocus={wasAnsweredHere} />
      ) : null}
    </Paper>
  );
}
