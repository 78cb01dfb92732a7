import type { Calendar, Event } from '@convene/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Divider, Paper, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../api/config.ts';
import { EditBottomActions, EditTopBar } from '../../../components/EditTopBar.tsx';
import type { BotCheckHandle } from '../../../components/InvisibleAltcha.tsx';
import { useErrorText } from '../../../components/useErrorText.ts';
import { useUnsavedChangesPrompt } from '../../../components/useUnsavedChangesPrompt.tsx';
import { useSession } from '../../auth/useSession.ts';
import { AttachmentsEditor } from '../attachments/index.ts';
import { CalendarPicker } from './CalendarPicker.tsx';
import { EditScopeDialog } from './EditScopeDialog.tsx';
import { EventDateFields } from './EventDateFields.tsx';
import { defaultEventCalendar, eventFormCalendars } from './eventCalendars.ts';
import {
  allowedEditScopes,
  type EventFormValues,
  eventAttachmentsMax,
  eventFormSchema,
  eventFormValuesFrom,
  needsEditScope,
  newEventFormValues,
} from './eventForm.ts';
import { toPickerValue, weekDayOf } from './eventFormDates.ts';
import type { EventFormState } from './eventFormState.ts';
import { LocationField } from './LocationField.tsx';
import { RecurrencePicker } from './RecurrencePicker.tsx';
import { ReminderField } from './ReminderField.tsx';
import { TagsField } from './TagsField.tsx';
import { listTimeZones, localTimeZone } from './timeZones.ts';
import { useEventFormSave } from './useEventFormSave.ts';
import { useRecentTimeZones } from './useRecentTimeZones.ts';

const InvisibleAltcha = lazy(() =>
  import('../../../components/InvisibleAltcha.tsx').then((module) => ({ default: module.InvisibleAltcha })),
);

interface EventFormProps {
  /** The event being edited; null to create one. */
  event: Event | null;
  calendars: readonly Calendar[];
  state: EventFormState;
}

/** The create / edit event form (PRODUCT.md §1.2 Events, §4 date rules, §5 checks). */
export function EventForm({ event, calendars, state }: EventFormProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { account } = useSession();
  const { data: config } = useAppConfig();
  const botCheck = useRef<BotCheckHandle>(null);
  const [pendingValues, setPendingValues] = useState<EventFormValues | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const meetUser = event ? null : state.meetUser;

  const choices = useMemo(
    () => eventFormCalendars(calendars, event?.originatingCalendarId),
    [calendars, event?.originatingCalendarId],
  );
  const [initial, setInitial] = useState<EventFormValues>(() =>
    event
      ? eventFormValuesFrom(event)
      : newEventFormValues({
          now: Date.now(),
          timeZone: localTimeZone(),
          calendarId: defaultEventCalendar(choices, state.calendarId),
          name: meetUser
            ? t('event.meet.name', { sender: account?.name ?? '', receiver: meetUser.name })
            : undefined,
        }),
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<EventFormValues>({ resolver: zodResolver(eventFormSchema), defaultValues: initial });

  // A fresher copy of the edited event (loaded, or changed elsewhere) replaces an untouched form.
  const updatedAt = event?.updatedAt;
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;
  const eventRef = useRef(event);
  eventRef.current = event;
  useEffect(() => {
    const fresh = eventRef.current;
    if (!updatedAt || !fresh || isDirtyRef.current) return;
    const values = eventFormValuesFrom(fresh);
    setInitial(values);
    reset(values);
  }, [updatedAt, reset]);

  const { recent, recordPick } = useRecentTimeZones(account?.userId ?? null);
  const zones = useMemo(
    () => listTimeZones([initial.dates.startTimezone, initial.dates.endTimezone, localTimeZone()]),
    [initial.dates.startTimezone, initial.dates.endTimezone],
  );
  const dates = watch('dates');
  const unsaved = useUnsavedChangesPrompt(isDirty);
  const { save, leave, formError, isSaving } = useEventFormSave({
    event,
    initial,
    state,
    botCheck,
    onFieldError: (field, message) =>
      setError(field, { message }, { shouldFocus: field === 'name' || field === 'description' }),
    onSaved: unsaved.release,
  });
  const calendarId = watch('calendarId');

  const handleSave = handleSubmit((values) => {
    if (needsEditScope(event)) setPendingValues(values);
    else void save(values, null);
  });

  const isRecaptcha = config?.captcha.provider === 'recaptcha';
  const title = event ? t('pages.eventEdit') : t('eventForm.titleCreate');
  return (
    <Box component="form" noValidate onSubmit={handleSave} sx={{ maxWidth: 880, pb: 4 }}>
      <EditTopBar
        title={title}
        mode={event ? 'edit' : 'create'}
        isSaving={isSaving}
        canSave={!isUploading}
        onBack={leave}
        onCancel={leave}
        onSave={() => void handleSave()}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box aria-live="polite">
          {formError ? (
            <Alert severity="error" sx={{ mb: 3 }}>
              {formError}
            </Alert>
          ) : null}
        </Box>
        <Stack spacing={3}>
          {meetUser ? (
            <Alert severity="info">{t('eventForm.meetHint', { name: meetUser.name })}</Alert>
          ) : null}
          <TextField
            {...register('name')}
            onKeyDown={(keyEvent) => {
              // Like the calendar title: Enter in the name saves (the form has many fields, so
              // the browser does not submit it by itself).
              if (keyEvent.key !== 'Enter' || keyEvent.nativeEvent.isComposing) return;
              keyEvent.preventDefault();
              void handleSave();
            }}
            label={t('eventForm.fields.name')}
            required
            autoFocus={!event}
            disabled={isSaving}
            error={Boolean(errors.name)}
            helperText={errorText(errors.name?.message)}
          />
          <Controller
            control={control}
            name="dates"
            render={({ field }) => (
              <EventDateFields
                value={field.value}
                onChange={field.onChange}
                error={errors.dates?.message}
                zones={zones}
                recentZones={recent}
                onZonePicked={recordPick}
                disabled={isSaving}
                endRef={field.ref}
              />
            )}
          />
          <Controller
            control={control}
            name="repeatingRule"
            render={({ field }) => (
              <RecurrencePicker
                value={field.value}
                onChange={field.onChange}
                startWeekDay={weekDayOf(dates.startDate, dates.startTimezone)}
                startDay={toPickerValue(dates.startDate, dates.startTimezone).date}
                error={errors.repeatingRule?.message}
                disabled={isSaving}
              />
            )}
          />
          <Divider />
          <Controller
            control={control}
            name="calendarId"
            render={({ field }) => (
              <CalendarPicker
                value={field.value}
                choices={choices}
                onChange={field.onChange}
                error={errorText(errors.calendarId?.message)}
                helperText={
                  event && calendarId !== initial.calendarId ? t('eventForm.calendar.moveHint') : undefined
                }
                disabled={isSaving}
              />
            )}
          />
          <TextField
            {...register('description')}
            label={t('eventForm.fields.description')}
            multiline
            minRows={3}
            maxRows={12}
            disabled={isSaving}
            error={Boolean(errors.description)}
            helperText={errorText(errors.description?.message)}
          />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('eventForm.sections.location')}
          </Typography>
          <Controller
            control={control}
            name="location"
            render={({ field }) => (
              <LocationField value={field.value} onChange={field.onChange} disabled={isSaving} />
            )}
          />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('eventForm.sections.more')}
          </Typography>
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <TagsField value={field.value} onChange={field.onChange} disabled={isSaving} />
            )}
          />
          <Controller
            control={control}
            name="reminder"
            render={({ field }) => (
              <ReminderField value={field.value} onChange={field.onChange} disabled={isSaving} />
            )}
          />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('eventForm.sections.attachments')}
          </Typography>
          <Controller
            control={control}
            name="attachments"
            render={({ field }) => (
              <AttachmentsEditor
                value={field.value}
                onChange={field.onChange}
                disabled={isSaving}
                showErrors={isSubmitted}
                max={eventAttachmentsMax}
                onBusyChange={setIsUploading}
              />
            )}
          />
        </Stack>
      </Paper>
      <EditBottomActions
        mode={event ? 'edit' : 'create'}
        isSaving={isSaving}
        canSave={!isUploading}
        onCancel={leave}
        onSave={() => void handleSave()}
      />
      {meetUser && !isRecaptcha ? (
        <Suspense fallback={null}>
          <InvisibleAltcha ref={botCheck} language={i18n.resolvedLanguage ?? 'en'} />
        </Suspense>
      ) : null}
      {pendingValues ? (
        <EditScopeDialog
          open
          allowed={allowedEditScopes(pendingValues, initial)}
          onCancel={() => setPendingValues(null)}
          onConfirm={(scope) => {
            const values = pendingValues;
            setPendingValues(null);
            void save(values, scope);
          }}
        />
      ) : null}
      {unsaved.prompt}
    </Box>
  );
}
