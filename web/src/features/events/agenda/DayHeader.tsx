import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { agendaRowSizes } from './agendaDays.ts';
import { dayRelation, formatDate, formatFullDay, formatWeekday } from './eventRowText.ts';

/**
 * A day's header in the agenda: 'Yesterday', 'Today', 'Tomorrow' or the weekday two days on,
 * followed by the date; further days by their full date alone.
 */
export function DayHeader({ day, today }: { day: string; today: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const relation = dayRelation(day, today);
  let title: string;
  let date: string | null;
  if (relation === 'inTwoDays') {
    title = formatWeekday(day, language);
    date = formatDate(day, language);
  } else if (relation) {
    title = t(`eventList.${relation}`);
    date = formatFullDay(day, language);
  } else {
    title = formatFullDay(day, language);
    date = null;
  }
  return (
    <Box
      sx={{
        height: agendaRowSizes.header,
        display: 'flex',
        alignItems: 'flex-end',
        pb: 1.25,
        boxSizing: 'border-box',
      }}
    >
      <Typography
        component="h2"
        variant="subtitle1"
        sx={{
          fontWeight: 700,
          lineHeight: 1.3,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {title}
        {date ? (
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ ml: 1.25, fontWeight: 400 }}
          >
            {date}
          </Typography>
        ) : null}
      </Typography>
    </Box>
  );
}
