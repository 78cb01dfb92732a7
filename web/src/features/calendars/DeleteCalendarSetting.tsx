import type { Calendar } from '@convene/contract';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useDeleteCalendar } from './useCalendars.ts';

/** The delete-calendar setting: a confirmation that says it is irreversible, then /calendars. */
export function DeleteCalendarSetting({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const [isConfirming, setIsConfirming] = useState(false);
  const mutation = useDeleteCalendar(calendar.calendarId);
  const headingId = useId();

  const handleConfirm = () => {
    mutation.mutate(undefined, {
      onSuccess: () => {
        setIsConfirming(false);
        showSnackbar(t('calendar.settings.deleteCalendar.success'), { severity: 'success' });
        void navigate('/calendars', { replace: true });
      },
      onError: () => {
        setIsConfirming(false);
        showSnackbar(t('calendar.settings.deleteCalendar.fail'), { severity: 'error' });
      },
    });
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: 2.5,
        borderColor: 'error.light',
        display: 'flex',
        gap: 2,
        flexWrap: 'wrap',
        alignItems: 'center',
      }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography id={headingId} variant="h6" component="h2" color="error">
          {t('calendar.settings.deleteCalendar.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('calendar.settings.deleteCalendar.description')}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        color="error"
        onClick={() => setIsConfirming(true)}
        disabled={mutation.isPending}
        startIcon={
          mutation.isPending ? (
            <CircularProgress size={16} color="inherit" aria-hidden />
          ) : (
            <DeleteOutlinedIcon />
          )
        }
      >
        {t('calendar.settings.deleteCalendar.button')}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title={t('calendar.settings.deleteCalendar.confirmTitle', { name: calendar.name })}
        message={t('calendar.settings.deleteCalendar.confirmMessage')}
        isPending={mutation.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setIsConfirming(false)}
      />
    </Paper>
  );
}
