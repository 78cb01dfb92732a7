import type { Calendar } from '@convene/contract';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import { Box, Card, CardActionArea, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CoverImage } from './CoverImage.tsx';
import { calendarTabPath } from './calendarTabs.ts';
import { VisibilityLabel } from './VisibilityLabel.tsx';

/** A calendar in the list: cover, name and type labels (Personal for one's own), linking to its events. */
export function CalendarCard({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={calendarTabPath(calendar.calendarId)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <CoverImage cover={calendar.coverPhoto} color={calendar.color} />
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{
              fontWeight: 700,
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {calendar.name}
          </Typography>
          <Box sx={{ mt: 'auto', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {calendar.isPersonal ? (
              <Chip
                size="small"
                variant="outlined"
                icon={<PersonOutlineIcon aria-hidden />}
                label={t('calendar.personal')}
                sx={{ fontWeight: 600 }}
              />
            ) : null}
            <VisibilityLabel visibility={calendar.visibility} />
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}
