import { type AgendaItem, eventPath } from '@convene/contract';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import RepeatIcon from '@mui/icons-material/Repeat';
import { Box, Card, CardActionArea, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { agendaRowSizes } from './agendaDays.ts';
import {
  calendarColor,
  eventColor,
  eventPlace,
  formatTimeRange,
  isOccurrence,
  rsvpLabelKey,
} from './eventRowText.ts';

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

interface EventRowProps {
  event: AgendaItem;
  /** The calendar the list shows (null for My events), passed on to the event screen. */
  calendarId: string | null;
  timeZone: string;
  /** 0 for the one row Tab reaches in the agenda (roving tabindex), -1 for the others. */
  tabIndex?: number;
}

/**
 * One agenda row: a card linking to the event, with its time, its calendar (colour and name,
 * unless the list is that calendar's), name, place, the viewer's RSVP and the count going.
 */
export function EventRow({ event, calendarId, timeZone, tabIndex }: EventRowProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const range = formatTimeRange(event, i18n.language, timeZone);
  const timeText = range.isAllDay
    ? [t('eventList.allDay'), range.text].filter(Boolean).join(' · ')
    : range.text;
  const place = eventPlace(event);
  const rsvpKey = rsvpLabelKey(event);
  const attending = event.rsvpsStatistics.attending;
  const calendar = event.originatingCalendar;
  const showsCalendar = calendar.calendarId !== calendarId;

  return (
    <Card variant="outlined" sx={{ height: agendaRowSizes.eventHeight, display: 'flex' }}>
      <CardActionArea
        component={RouterLink}
        to={eventPath(event.name, event.eventId)}
        state={{ from: pathname, calendarId }}
        tabIndex={tabIndex}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start', height: '100%' }}
      >
        <Box aria-hidden sx={{ width: 6, flexShrink: 0, bgcolor: eventColor(event) }} />
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            px: 2,
            py: 1.25,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'space-between',
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" sx={{ ...oneLine, flex: '0 1 auto' }}>
              {timeText}
            </Typography>
            {showsCalendar ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, flex: '0 1 auto' }}>
                <Box
                  aria-hidden
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    flexShrink: 0,
                    bgcolor: calendarColor(event),
                  }}
                />
                <Typography variant="body2" color="text.secondary" sx={oneLine}>
                  {calendar.name}
                </Typography>
              </Box>
            ) : null}
            {isOccurrence(event) ? (
              <RepeatIcon
                fontSize="inherit"
                color="action"
                titleAccess={t('eventList.repeats')}
                sx={{ fontSize: 16, flexShrink: 0 }}
              />
            ) : null}
            {event.livestreams.count > 0 ? (
              <Chip
                label={t('eventList.live')}
                color="error"
                size="small"
                sx={{ height: 20, fontWeight: 600, flexShrink: 0 }}
              />
            ) : null}
          </Box>
          <Typography
            component="span"
            sx={{
              fontWeight: 600,
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              wordBreak: 'break-word',
            }}
          >
            {event.name}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, color: 'text.secondary' }}>
            {place ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, flex: '0 1 auto' }}>
                <PlaceOutlinedIcon aria-hidden sx={{ fontSize: 16 }} />
                <Typography variant="body2" sx={oneLine}>
                  {place}
                </Typography>
              </Box>
            ) : null}
            <Typography
              variant="body2"
              sx={{ ...oneLine, flexShrink: 0, fontWeight: 500, color: 'primary.main' }}
            >
              {t(rsvpKey)}
            </Typography>
            {attending > 0 ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
                <GroupOutlinedIcon aria-hidden sx={{ fontSize: 16 }} />
                <Typography variant="body2">{t('eventList.attending', { count: attending })}</Typography>
              </Box>
            ) : null}
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}
