import { type ChangePasswordForm, changePasswordForm } from '@convene/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { changePasswordOutcome, profileTextKeys } from './profileErrors.ts';
import { useChangePassword } from './useProfileQueries.ts';

const emptyForm: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmedPassword: '' };

interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Current, new and confirmed password (PRODUCT.md §1.2, §1.5, §1.8). 204 closes the dialog, resets it
 * and says changeSuccess; a wrong current password, a server error or anything else is said where
 * the spec puts it.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const titleId = useId();
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm, unknown, ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: emptyForm,
  });

  const handleClose = () => {
    if (mutation.isPending) return;
    reset(emptyForm);
    onClose();
  };

  const handleChange = handleSubmit(({ oldPassword, newPassword }) => {
    mutation.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          showSnackbar(t(profileTextKeys.changeSuccess), { severity: 'success' });
          reset(emptyForm);
          onClose();
        },
        onError: (error) => {
          const { field, key } = changePasswordOutcome(error);
          if (field) setError(field, { message: key }, { shouldFocus: true });
          else showSnackbar(errorText(key) ?? '', { severity: 'error' });
        },
      },
    );
  });

  return (
    <Dialog open={open} onClose={handleClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={handleChange}>
        <DialogTitle id={titleId}>{t('profile.password.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <PasswordField
              {...register('oldPassword')}
              label={t('profile.password.current')}
              autoComplete="current-password"
              autoFocus
              error={Boolean(errors.oldPassword)}
              helperText={errorText(errors.oldPassword?.message)}
            />
            <PasswordField
              {...register('newPassword')}
              label={t('profile.password.new')}
              autoComplete="new-password"
              error={Boolean(errors.newPassword)}
              helperText={errorText(errors.newPassword?.message)}
            />
            <PasswordField
              {...register('confirmedPassword')}
              label={t('profile.password.confirmed')}
              autoComplete="new-password"
              error={Boolean(errors.confirmedPassword)}
              helperText={errorText(errors.confirmedPassword?.message)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={mutation.isPending}
            startIcon={
              mutation.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
            }
          >
            {t('profile.password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
