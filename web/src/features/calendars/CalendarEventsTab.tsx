import type { Calendar } from '@convene/contract';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SearchBar } from '../../components/SearchBar.tsx';
import { EventList } from '../events/agenda/index.ts';

/** The Events tab: the calendar's agenda with a search box, and create (canAdd). */
export function CalendarEventsTab({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const handleSearch = useCallback((value: string) => setQuery(value), []);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }}>
          <SearchBar onSearch={handleSearch} label={t('eventList.searchLabel')} />
        </Box>
        {calendar.abilities.addEvent ? (
          <Button
            component={RouterLink}
            to="/event/create"
            state={{ calendarId: calendar.calendarId }}
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ ml: 'auto' }}
          >
            {t('calendar.events.create')}
          </Button>
        ) : null}
      </Box>
      {/* Its own scroll area, most of the viewport high, below the calendar's header; on phones
          the page's end leaves it clear of the bottom tab bar. */}
      <EventList
        key={`${calendar.calendarId}:${query}`}
        calendarId={calendar.calendarId}
        q={query}
        sx={{
          height: { xs: 'calc(100vh - 200px)', md: 'calc(100vh - 120px)' },
          minHeight: 360,
          mb: { xs: 4, md: 0 },
        }}
      />
    </Box>
  );
}
