import { Alert, Box, Button, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/ApiError.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useMyCalendars } from '../../calendars/index.ts';
import { useEvent } from '../useEvent.ts';
import { EventForm } from './EventForm.tsx';
import { readEventFormState } from './eventFormState.ts';

/** /event/create and /event/edit/{eventId}: loads the event and the calendars, then the form. */
export function EventFormScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { eventId } = useParams();
  const state = readEventFormState(location.state);
  const isEdit = eventId !== undefined;
  const passedEvent = state.event?.eventId === eventId ? state.event : undefined;
  const eventQuery = useEvent(isEdit ? eventId : null, { initialEvent: passedEvent ?? undefined });
  const calendarsQuery = useMyCalendars();
  usePageTitle(isEdit ? t('pages.eventEdit') : t('pages.eventCreate'));

  const event = eventQuery.data ?? null;
  if (isEdit && eventQuery.error instanceof ApiError && eventQuery.error.status === 404) {
    return <Navigate to="/404" replace />;
  }
  if ((isEdit && eventQuery.error && !event) || (calendarsQuery.error && !calendarsQuery.data)) {
    return (
      <Alert
        severity="error"
        sx={{ maxWidth: 880 }}
        action={
          <Button
            color="inherit"
            onClick={() => {
              void eventQuery.refetch();
              void calendarsQuery.refetch();
            }}
          >
            {t('eventForm.retry')}
          </Button>
        }
      >
        {t('eventForm.loadFailed')}
      </Alert>
    );
  }
  if ((isEdit && !event) || !calendarsQuery.data) {
    return (
      <Box role="status" aria-label={t('common.loading')} sx={{ maxWidth: 880 }}>
        <Skeleton variant="text" height={56} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={480} />
      </Box>
    );
  }
  if (event && (!event.abilities.editEvent || event.lastActionType === 'delete')) {
    return (
      <Alert
        severity="warning"
        sx={{ maxWidth: 880 }}
        action={
          <Button color="inherit" onClick={() => void navigate(-1)}>
            {t('common.back')}
          </Button>
        }
      >
        {event.lastActionType === 'delete' ? t('eventForm.deleted') : t('eventForm.notAllowed')}
      </Alert>
    );
  }
  return (
    <EventForm key={event?.eventId ?? 'new'} event={event} calendars={calendarsQuery.data} state={state} />
  );
}
