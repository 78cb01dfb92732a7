import type { Event } from '@convene/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import { Box, Button, IconButton, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EventDeleteControl } from './EventDeleteControl.tsx';

// The stream create dialog (camera, feed name) loads when an editor first opens it.
const StreamCreateDialog = lazy(() =>
  import('../../streams/StreamCreateDialog.tsx').then((m) => ({ default: m.StreamCreateDialog })),
);

interface EventHeaderProps {
  event: Event;
  /** Whether the event was opened from an events screen (passed on to the edit form). */
  isFromEvents: boolean;
  /** Phones show Delete at the bottom of the page instead of in the top bar. */
  showsDelete: boolean;
  onBack: () => void;
  onDeleted: () => void;
}

/**
 * The top bar of an event: back, the name (two lines at most), Go live and Edit (canEdit) and, on
 * wide screens, Delete.
 */
export function EventHeader({ event, isFromEvents, showsDelete, onBack, onDeleted }: EventHeaderProps) {
  const { t } = useTranslation();
  const [isGoingLive, setIsGoingLive] = useState(false);
  const [hasOpenedLive, setHasOpenedLive] = useState(false);
  // On a phone Go live is an icon, so the name keeps the room it needs beside Edit.
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const openLive = () => {
    setHasOpenedLive(true);
    setIsGoingLive(true);
  };
  return (
    <Box component="header" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2 }}>
      <IconButton edge="start" aria-label={t('eventDetails.back')} onClick={onBack} sx={{ mt: 0.25 }}>
        <ArrowBackIcon />
      </IconButton>
      <Typography
        variant="h4"
        component="h1"
        title={event.name}
        sx={{
          flex: 1,
          minWidth: 0,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
          fontSize: { xs: '1.5rem', sm: '2rem' },
          lineHeight: 1.25,
          pt: 0.5,
        }}
      >
        {event.name}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexShrink: 0, pt: 0.25 }}>
        {event.abilities.startStream ? (
          isPhone ? (
            <Tooltip title={t('streams.liveButton')}>
              <IconButton color="error" aria-label={t('streams.liveButton')} onClick={openLive}>
                <VideocamOutlinedIcon />
              </IconButton>
            </Tooltip>
          ) : (
            <Button variant="outlined" color="error" startIcon={<VideocamOutlinedIcon />} onClick={openLive}>
              {t('streams.liveButton')}
            </Button>
          )
        ) : null}
        {event.abilities.editEvent ? (
          <Button
            component={RouterLink}
            to={`/event/edit/${encodeURIComponent(event.eventId)}`}
            state={{ event, calendarId: event.calendarId, fromEvents: isFromEvents }}
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
          >
            {t('eventDetails.edit')}
          </Button>
        ) : null}
        {showsDelete ? <EventDeleteControl event={event} onDone={onDeleted} /> : null}
      </Box>
      {hasOpenedLive ? (
        <Suspense fallback={null}>
          <StreamCreateDialog event={event} open={isGoingLive} onClose={() => setIsGoingLive(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
