import { type Calendar, createCalendarBody } from '@convene/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Paper, Skeleton, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../api/ApiError.ts';
import { EditTopBar } from '../../components/EditTopBar.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useUnsavedChangesPrompt } from '../../components/useUnsavedChangesPrompt.tsx';
import { CoverField } from './CoverField.tsx';
import { calendarErrorKeys, calendarFormError } from './calendarErrors.ts';
import { type CheckedCalendarValues, calendarFormRules, calendarFormValues } from './calendarForm.ts';
import { calendarTabPath } from './calendarTabs.ts';
import { useCalendarRemovedNotice } from './useCalendarRemovedNotice.ts';
import { useCalendar, useSaveCalendar } from './useCalendars.ts';
import { VisibilityField } from './VisibilityField.tsx';

type FormInput = z.input<typeof createCalendarBody>;

/** /calendar/create and /calendar/edit/{id}: loads the calendar being edited, then the form. */
export function CalendarFormScreen() {
  const { t } = useTranslation();
  const { calendarId } = useParams();
  const isEdit = calendarId !== undefined;
  const { data: calendar, error, isPlaceholderData } = useCalendar(calendarId ?? '', { enabled: isEdit });
  usePageTitle(isEdit ? t('pages.calendarEdit') : t('pages.calendarCreate'));
  useCalendarRemovedNotice(calendarId ?? '', calendar?.isOwner ?? false);

  if (!isEdit) return <CalendarForm calendar={null} />;
  if (error instanceof ApiError) return <Navigate to="/404" replace />;
  if (error) return <Alert severity="error">{t('errors.network')}</Alert>;
  if (!calendar || isPlaceholderData) {
    return (
      <Box role="status" aria-label={t('common.loading')} sx={{ maxWidth: 760 }}>
        <Skeleton variant="text" height={56} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    );
  }
  if (!calendar.abilities.edit) return <Navigate to={calendarTabPath(calendar.calendarId)} replace />;
  return <CalendarForm calendar={calendar} />;
}

/** The calendar form: cover, title, visibility and description, checked with the contract schema. */
function CalendarForm({ calendar }: { calendar: Calendar | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const { showSnackbar } = useSnackbar();
  const [formError, setFormError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const rules = calendarFormRules(calendar);
  const mutation = useSaveCalendar(calendar?.calendarId ?? null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormInput, unknown, CheckedCalendarValues>({
    resolver: zodResolver(createCalendarBody),
    defaultValues: calendarFormValues(calendar),
  });
  const unsaved = useUnsavedChangesPrompt(isDirty);

  useEffect(() => {
    if (formError) window.scrollTo({ top: 0 });
  }, [formError]);

  const handleLeave = () => {
    // Back where the person came from; a direct visit goes to the calendar or the list.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(calendar ? calendarTabPath(calendar.calendarId) : '/calendars', { replace: true });
  };

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    mutation.mutate(
      { values, rules },
      {
        onSuccess: (saved) => {
          unsaved.release();
          showSnackbar(calendar ? t('calendar.form.saved') : t('calendar.form.created'), {
            severity: 'success',
          });
          void navigate(calendarTabPath(saved.calendarId), { replace: true });
        },
        onError: (failure) => {
          const { field, key } = calendarFormError(failure);
          if (field)
            setError(field, { message: key }, { shouldFocus: field === 'name' || field === 'details' });
          else setFormError(key);
        },
      },
    );
  });

  const isSaving = mutation.isPending;
  return (
    <Box component="form" noValidate onSubmit={handleSave} sx={{ maxWidth: 760, pb: 4 }}>
      <EditTopBar
        title={calendar ? t('pages.calendarEdit') : t('pages.calendarCreate')}
        mode={calendar ? 'edit' : 'create'}
        isSaving={isSaving}
        canSave={!isUploading}
        onBack={handleLeave}
        onCancel={handleLeave}
        onSave={() => void handleSave()}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          {formError ? (
            <Alert severity="error">{errorText(formError) ?? t(calendarErrorKeys.saveFailed)}</Alert>
          ) : null}
          <TextField
            {...register('name')}
            label={t('calendar.form.title')}
            required
            disabled={isSaving || !rules.canChangeTitleAndVisibility}
            error={Boolean(errors.name)}
            helperText={
              errorText(errors.name?.message) ??
              (rules.canChangeTitleAndVisibility ? undefined : t('calendar.form.ownerOnlyHint'))
            }
            autoFocus={!calendar}
          />
          <Controller
            control={control}
            name="visibility"
            render={({ field }) => (
              <VisibilityField
                value={field.value ?? 'private'}
                rules={rules}
                error={errorText(errors.visibility?.message)}
                disabled={isSaving}
                onChange={field.onChange}
              />
            )}
          />
          <TextField
            {...register('details')}
            label={t('calendar.form.description')}
            multiline
            minRows={3}
            maxRows={12}
            disabled={isSaving}
            error={Boolean(errors.details)}
            helperText={errorText(errors.details?.message)}
          />
          <Controller
            control={control}
            name="coverPhoto"
            render={({ field }) => (
              <CoverField
                value={field.value ?? null}
                color={calendar?.color ?? '#4256c1'}
                error={errorText(errors.coverPhoto?.message)}
                disabled={isSaving}
                onChange={field.onChange}
                onBusyChange={setIsUploading}
              />
            )}
          />
        </Stack>
      </Paper>
      {unsaved.prompt}
    </Box>
  );
}
