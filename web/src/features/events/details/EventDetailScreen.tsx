import { eventIdFromSlug, layout } from '@convene/contract';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Alert, Box, Button, useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/ApiError.ts';
import { notFoundState } from '../../../components/notFoundState.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AttachmentList } from '../attachments/index.ts';
import { useEvent } from '../useEvent.ts';
import { EventDeleteControl } from './EventDeleteControl.tsx';
import { EventDetailSkeleton } from './EventDetailSkeleton.tsx';
import { EventFacts, Fact } from './EventFacts.tsx';
import { EventHeader } from './EventHeader.tsx';
import { EventSectionButtons, EventSectionDialog } from './EventSectionDialog.tsx';
import { EventSidePanel } from './EventSidePanel.tsx';
import {
  attachmentsBesideDescription,
  type EventSection,
  fromPath,
  isEventsScreenPath,
  visibleEventSections,
} from './eventDetails.ts';
import { MyRsvp } from './MyRsvp.tsx';

/** Whether the browser can go back within the app (react-router numbers its history entries). */
function hasAppHistory(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * /events/{title}-{id}: an event's details (PRODUCT.md §2.2/§2.3). An unknown, hidden or deleted
 * event (also deleted while open: the realtime refresh answers 404) goes to /404.
 */
export function EventDetailScreen() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const hasSidePanel = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const navigate = useNavigate();
  const location = useLocation();
  const { slug = '' } = useParams();
  const eventId = eventIdFromSlug(slug);
  const { data: event, error, refetch } = useEvent(eventId);
  const [activeSection, setActiveSection] = useState<EventSection>('attendees');
  const [dialogSection, setDialogSection] = useState<EventSection | null>(null);
  // Set once the viewer deleted the event here: the refetch's 404 must not replace going back.
  const isLeaving = useRef(false);
  const isGone = error instanceof ApiError || event?.lastActionType === 'delete';
  const from = fromPath(location.state);
  usePageTitle(event?.name ?? t('pages.eventDetail'));

  // Gone while on screen (deleted, or no longer shared): /404 says so in a sentence.
  const wasOpen = event !== undefined;
  useEffect(() => {
    if (isGone && !isLeaving.current) {
      void navigate('/404', { replace: true, state: wasOpen ? notFoundState('eventGone') : undefined });
    }
  }, [isGone, navigate, wasOpen]);

  const handleBack = useCallback(() => {
    if (from) void navigate(from);
    else if (hasAppHistory()) void navigate(-1);
    else void navigate('/events');
  }, [from, navigate]);

  const handleDeleted = useCallback(() => {
    isLeaving.current = true;
    handleBack();
  }, [handleBack]);

  if (eventId === null) return <Navigate to="/404" replace />;
  if (error && !isGone) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('eventDetails.retry')}
          </Button>
        }
      >
        {t('eventDetails.loadFailed')}
      </Alert>
    );
  }
  if (!event || isGone) return <EventDetailSkeleton />;

  const sections = visibleEventSections(event);
  const shownSection = sections.includes(activeSection) ? activeSection : 'attendees';
  const attachments = attachmentsBesideDescription(event);

  return (
    // The shell's bottom tabs float over the end of a phone's page: keep the last button clear of them.
    <Box sx={{ maxWidth: 1240, pb: { xs: `${layout.bottomBarPadding + 24}px`, md: 4 } }}>
      <EventHeader
        event={event}
        isFromEvents={isEventsScreenPath(from)}
        showsDelete={isDesktop}
        onBack={handleBack}
        onDeleted={handleDeleted}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: hasSidePanel ? 'minmax(0, 1fr) 380px' : 'minmax(0, 1fr)',
          gap: 4,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <MyRsvp eventId={event.eventId} />
          <EventFacts event={event} />
          {attachments.length > 0 ? (
            <Fact icon={<AttachFileIcon />} title={t('eventDetails.attachments')}>
              <AttachmentList attachments={attachments} />
            </Fact>
          ) : null}
          {hasSidePanel ? null : (
            <EventSectionButtons event={event} sections={sections} onOpen={setDialogSection} />
          )}
          {isDesktop ? null : (
            <Box sx={{ mt: 3 }}>
              <EventDeleteControl event={event} isFullWidth onDone={handleDeleted} />
            </Box>
          )}
        </Box>
        {hasSidePanel ? (
          <EventSidePanel
            event={event}
            sections={sections}
            active={shownSection}
            onChange={setActiveSection}
          />
        ) : null}
      </Box>
      {hasSidePanel ? null : (
        <EventSectionDialog event={event} section={dialogSection} onClose={() => setDialogSection(null)} />
      )}
    </Box>
  );
}
