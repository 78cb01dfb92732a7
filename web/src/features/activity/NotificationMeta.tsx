import type { Notification } from '@convene/contract';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatActionDate, formatEventTime, formatFullDate } from './activityDates.ts';

interface NotificationMetaProps {
  notification: Notification;
  now: Date;
  isCompact: boolean;
  /** False when the sentence already names the calendar. */
  showCalendar: boolean;
  /** Shown at the end of the line (the compact card's 'View'). */
  trailing?: ReactNode;
}

/** The second line of a card: when it happened, the calendar it concerns and the event's time. */
export function NotificationMeta({
  notification,
  now,
  isCompact,
  showCalendar,
  trailing,
}: NotificationMetaProps) {
  const { i18n, t } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { calendar, event } = notification;
  const eventTime = event ? formatEventTime(event, language) : null;

  return (
    <Box
      component="span"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 0.25,
        mt: 0.5,
        color: 'text.secondary',
        typography: isCompact ? 'caption' : 'body2',
      }}
    >
      <Box
        component="time"
        dateTime={notification.actionDate}
        title={formatFullDate(notification.actionDate, language)}
      >
        {formatActionDate(notification.actionDate, now, language)}
      </Box>
      {calendar && showCalendar ? (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
          <Box
            component="span"
            aria-hidden
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: calendar.color, flexShrink: 0 }}
          />
          <Typography component="span" variant="inherit" noWrap sx={{ maxWidth: isCompact ? 160 : 280 }}>
            {calendar.name}
          </Typography>
        </Box>
      ) : null}
      {event && eventTime ? (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <EventOutlinedIcon aria-hidden sx={{ fontSize: 16 }} />
          <span>{event.isAllDay ? `${t('activity.allDay')} · ${eventTime}` : eventTime}</span>
        </Box>
      ) : null}
      {trailing ? (
        <Box component="span" sx={{ ml: 'auto', pl: 1 }}>
          {trailing}
        </Box>
      ) : null}
    </Box>
  );
}
