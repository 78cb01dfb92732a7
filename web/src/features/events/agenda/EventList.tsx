import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import { Alert, Box, Button, Skeleton, type SxProps, type Theme, Typography } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AgendaScroller } from './AgendaScroller.tsx';
import { agendaRowSizes, toAgendaRows, todayIn } from './agendaDays.ts';
import { useAgenda } from './useAgenda.ts';

/** The viewer's time zone, in which timed events are grouped and shown. */
function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')}>
      <Skeleton variant="text" width={180} sx={{ fontSize: '1.25rem', mb: 1 }} />
      {[0, 1, 2].map((index) => (
        <Skeleton
          key={index}
          variant="rounded"
          height={agendaRowSizes.eventHeight}
          sx={{ mb: `${agendaRowSizes.eventGap}px` }}
        />
      ))}
    </Box>
  );
}

interface EventListProps {
  /** One calendar's agenda, or null for every calendar of the viewer (My events). */
  calendarId: string | null;
  /** Search text (already at the minimum length), or '' for none. */
  q: string;
  /** Layout of the list's box; it needs a height (or flex room) to scroll in. */
  sx?: SxProps<Theme>;
}

/**
 * The agenda: events grouped by day with headers, infinite in both directions, opening at today;
 * with its loading, empty and error states.
 */
export function EventList({ calendarId, q, sx }: EventListProps) {
  const { t } = useTranslation();
  const agenda = useAgenda(calendarId, q);
  const timeZone = useMemo(viewerTimeZone, []);
  const today = todayIn(new Date(), timeZone);
  const rows = useMemo(() => toAgendaRows(agenda.events, timeZone), [agenda.events, timeZone]);

  let content: ReactNode;
  if (agenda.isPending) {
    content = <ListSkeleton />;
  } else if (agenda.isError && rows.length === 0) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void agenda.refetch()}>
            {t('eventList.retry')}
          </Button>
        }
      >
        {t('eventList.loadFailed')}
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <Box
        role="status"
        sx={{
          py: { xs: 4, sm: 6 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1.5,
        }}
      >
        <EventBusyOutlinedIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          {q ? t('eventList.noMatch', { query: q }) : t('eventList.empty')}
        </Typography>
      </Box>
    );
  } else {
    content = (
      <AgendaScroller rows={rows} today={today} timeZone={timeZone} calendarId={calendarId} paging={agenda} />
    );
  }

  return (
    <Box
      sx={[{ display: 'flex', flexDirection: 'column', minHeight: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {content}
    </Box>
  );
}
