import { type Calendar, canAddToCalendar } from '@convene/contract';
import AddIcon from '@mui/icons-material/Add';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The Events tab: the calendar's agenda (an empty state until the events feature exists) and create (canAdd). */
export function CalendarEventsTab({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation();
  return (
    <Box>
      {canAddToCalendar(calendar) ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button
            component={RouterLink}
            to="/event/create"
            state={{ calendarId: calendar.calendarId }}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t('calendar.events.create')}
          </Button>
        </Box>
      ) : null}
      <Paper
        variant="outlined"
        sx={{ p: { xs: 4, sm: 6 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      >
        <EventBusyOutlinedIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
        <Typography color="text.secondary">{t('calendar.events.empty')}</Typography>
      </Paper>
    </Box>
  );
}
