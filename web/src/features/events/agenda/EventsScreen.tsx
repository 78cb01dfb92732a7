import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SearchBar } from '../../../components/SearchBar.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { EventList } from './EventList.tsx';

/** /events: the viewer's events from every calendar, searchable by name, with a create button. */
export function EventsScreen() {
  const { t } = useTranslation();
  const tabsId = useId();
  const [query, setQuery] = useState('');
  const handleSearch = useCallback((value: string) => setQuery(value), []);
  usePageTitle(t('pages.events'));

  return (
    <Box sx={{ maxWidth: 880, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ flex: '1 1 auto', fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
        >
          {t('pages.events')}
        </Typography>
        <Button component={RouterLink} to="/event/create" variant="contained" startIcon={<AddIcon />}>
          {t('eventList.create')}
        </Button>
      </Box>
      <Box sx={{ mb: 1, maxWidth: { sm: 420 } }}>
        <SearchBar onSearch={handleSearch} label={t('eventList.searchLabel')} />
      </Box>
      <Tabs
        value="all"
        aria-label={t('eventList.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}
      >
        <Tab
          value="all"
          label={t('eventList.tabAll')}
          id={`${tabsId}-all`}
          aria-controls={`${tabsId}-panel`}
        />
      </Tabs>
      <Box
        role="tabpanel"
        id={`${tabsId}-panel`}
        aria-labelledby={`${tabsId}-all`}
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <EventList key={query} calendarId={null} q={query} sx={{ flex: 1 }} />
      </Box>
    </Box>
  );
}
