import { profileLimits, reportBody } from '@convene/contract';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { failedStatus, reportOutcome } from './profileErrors.ts';
import { useReportUser } from './useProfileQueries.ts';

interface ReportDialogProps {
  open: boolean;
  userId: string;
  name: string;
  onClose: () => void;
}

/**
 * Report a user (PRODUCT.md §1.2, §1.8): a reason and Submit. 201 thanks the reporter and 429 says
 * they already reported this user, both closing the dialog; anything else says 'Something went
 * wrong!' and keeps what was typed.
 */
export function ReportDialog({ open, userId, name, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [errorKey, setErrorKey] = useState<string | undefined>();
  const report = useReportUser(userId);

  const handleClose = () => {
    if (report.isPending) return;
    setReason('');
    setErrorKey(undefined);
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Inside the profile dialog in React's tree: its forms must not see this submit.
    event.stopPropagation();
    const parsed = reportBody.safeParse({ reason });
    if (!parsed.success) {
      setErrorKey(parsed.error.issues[0]?.message);
      return;
    }
    report.mutate(parsed.data.reason, {
      onSuccess: () => {
        const outcome = reportOutcome(201);
        showSnackbar(errorText(outcome.key) ?? '', { severity: outcome.severity });
        setReason('');
        onClose();
      },
      onError: (error) => {
        const outcome = reportOutcome(failedStatus(error));
        showSnackbar(errorText(outcome.key) ?? '', { severity: outcome.severity });
        if (failedStatus(error) === 429) {
          setReason('');
          onClose();
        }
      },
    });
  };

  return (
    <Dialog open={open} onClose={handleClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {t('profile.report.title', { name })}
        </DialogTitle>
        <DialogContent>
          <TextField
            label={t('profile.report.reason')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrorKey(undefined);
            }}
            multiline
            minRows={3}
            maxRows={8}
            fullWidth
            required
            autoFocus
            margin="dense"
            error={errorKey !== undefined}
            helperText={errorText(errorKey) ?? t('profile.report.reasonHelp')}
            slotProps={{ htmlInput: { maxLength: profileLimits.reportReasonMax } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose} disabled={report.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={report.isPending}
            startIcon={
              report.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
            }
          >
            {t('profile.report.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
