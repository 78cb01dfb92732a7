import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SearchBar } from '../../components/SearchBar.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { CalendarCard } from './CalendarCard.tsx';
import { filterCalendarsByName } from './calendarSearch.ts';
import { useMyCalendars } from './useCalendars.ts';

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  listStyle: 'none',
  m: 0,
  p: 0,
} as const;

/** /calendars and /: the viewer's calendars, searchable by name, with a create button. */
export function CalendarsScreen() {
  const { t } = useTranslation();
  const { data: calendars, isPending, isError, refetch } = useMyCalendars();
  const [query, setQuery] = useState('');
  const handleSearch = useCallback((value: string) => setQuery(value), []);
  usePageTitle(t('pages.calendars'));

  const shown = filterCalendarsByName(calendars ?? [], query);

  let content: ReactNode;
  if (isPending && !calendars) {
    // A loader only while there is nothing to show yet (PRODUCT.md §1.4).
    content = (
      <Box sx={gridSx} role="status" aria-label={t('common.loading')}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" sx={{ height: 'auto', aspectRatio: '4 / 3' }} />
        ))}
      </Box>
    );
  } else if (isError && !calendars) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('calendar.list.retry')}
          </Button>
        }
      >
        {t('calendar.list.loadFailed')}
      </Alert>
    );
  } else if (shown.length === 0) {
    content = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {query ? t('calendar.list.noMatch', { query }) : t('calendar.list.empty')}
      </Typography>
    );
  } else {
    content = (
      <Box component="ul" sx={gridSx} aria-label={t('calendar.list.label')}>
        {shown.map((calendar) => (
          <li key={calendar.calendarId}>
            <CalendarCard calendar={calendar} />
          </li>
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1120, pb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ flex: '1 1 auto', fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
        >
          {t('pages.calendars')}
        </Typography>
        <Button component={RouterLink} to="/calendar/create" variant="contained" startIcon={<AddIcon />}>
          {t('calendar.list.create')}
        </Button>
      </Box>
      <Box sx={{ mb: 3, maxWidth: { sm: 420 } }}>
        <SearchBar onSearch={handleSearch} label={t('calendar.list.searchLabel')} />
      </Box>
      {content}
    </Box>
  );
}
