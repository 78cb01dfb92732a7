import type { Calendar } from '@convene/contract';
import { Alert, Box, Button, Skeleton, Tab, Tabs } from '@mui/material';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { postToHost } from '../embed/index.ts';
import { CalendarAboutTab } from './CalendarAboutTab.tsx';
import { CalendarEventsTab } from './CalendarEventsTab.tsx';
import { CalendarHeader } from './CalendarHeader.tsx';
import { CalendarPeopleTab } from './CalendarPeopleTab.tsx';
import { CalendarSettingsTab } from './CalendarSettingsTab.tsx';
import { type CalendarTab, calendarTabPath, parseCalendarTab, visibleCalendarTabs } from './calendarTabs.ts';
import { useCalendarRemovedNotice } from './useCalendarRemovedNotice.ts';
import { useCalendar } from './useCalendars.ts';

const panels = {
  events: CalendarEventsTab,
  about: CalendarAboutTab,
  people: CalendarPeopleTab,
  settings: CalendarSettingsTab,
} satisfies Record<CalendarTab, (props: { calendar: Calendar }) => ReactNode>;

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')}>
      <Skeleton variant="text" width={220} height={40} sx={{ mb: 2 }} />
      <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', sm: 'row' }, mb: 3 }}>
        <Skeleton
          variant="rounded"
          sx={{ width: { xs: '100%', sm: 280 }, aspectRatio: '2 / 1', height: 'auto' }}
        />
        <Skeleton variant="text" sx={{ flex: 1, fontSize: '2.2rem' }} />
      </Box>
      <Skeleton variant="rounded" height={48} />
    </Box>
  );
}

/** /calendars/{id}/{tab}: a calendar's header and its tabs; the path follows the active tab. */
export function CalendarDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabsId = useId();
  const { calendarId = '', tab } = useParams();
  const activeTab = parseCalendarTab(tab);
  const { data: calendar, error, isPlaceholderData, refetch } = useCalendar(calendarId);
  const isAnswerError = error instanceof ApiError;
  usePageTitle(calendar?.name ?? t('pages.calendarDetail'));
  useCalendarRemovedNotice(calendarId, calendar?.isOwner ?? false);
  // The host page learns which calendar is open (PRODUCT.md part 2 §1; docs/EMBED.md).
  const openedCalendarId = calendar?.calendarId;
  useEffect(() => {
    if (openedCalendarId) postToHost({ type: 'calendar-opened', calendarId: openedCalendarId });
  }, [openedCalendarId]);

  useEffect(() => {
    // The server answers 404 for a calendar the viewer may not see (spec: a fetch error goes to /404).
    if (isAnswerError) void navigate('/404', { replace: true });
  }, [isAnswerError, navigate]);

  if (!activeTab) return <Navigate to="/404" replace />;
  if (error && !isAnswerError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('calendar.list.retry')}
          </Button>
        }
      >
        {t('errors.network')}
      </Alert>
    );
  }
  if (!calendar || isAnswerError) return <DetailSkeleton />;

  const tabs = visibleCalendarTabs(calendar);
  // The list's copy lacks nothing the tabs need, but permissions are trusted only once fresh.
  if (!tabs.includes(activeTab)) {
    return isPlaceholderData ? <DetailSkeleton /> : <Navigate to={calendarTabPath(calendarId)} replace />;
  }
  const Panel = panels[activeTab];

  return (
    <Box sx={{ maxWidth: 1120, pb: 4 }}>
      <CalendarHeader calendar={calendar} />
      <Tabs
        value={activeTab}
        aria-label={t('calendar.detail.tabsLabel')}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`calendar.detail.tabs.${name}`)}
            component={RouterLink}
            to={calendarTabPath(calendarId, name)}
            replace
            id={`${tabsId}-${name}`}
            aria-controls={`${tabsId}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${activeTab}`}>
        <Panel calendar={calendar} />
      </Box>
    </Box>
  );
}
