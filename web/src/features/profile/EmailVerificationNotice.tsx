import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useSession } from '../auth/useSession.ts';
import { profileTextKeys } from './profileErrors.ts';
import { useResendConfirmation } from './useProfileQueries.ts';

/**
 * The 'not verified' line with its resend-confirmation action, and why invitations sent to the
 * address have not arrived; nothing once the account is active.
 */
export function EmailVerificationNotice() {
  const { t } = useTranslation();
  const { account } = useSession();
  const { showSnackbar } = useSnackbar();
  const resend = useResendConfirmation();
  const queryClient = useQueryClient();
  if (!account || account.status === 'active') return null;

  const handleResend = () => {
    resend.mutate(account.email, {
      onSuccess: () => showSnackbar(t(profileTextKeys.resendConfirmationSuccess), { severity: 'success' }),
      onError: (error) => {
        showSnackbar(t(profileTextKeys.resendConfirmationFailure), { severity: 'error' });
        // Confirmed meanwhile (in another tab, say): the fresh account hides this line.
        if (error instanceof ApiError && error.code === 'ALREADY_CONFIRMED') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.account });
        }
      },
    });
  };

  return (
    <Alert
      severity="info"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={handleResend}
          disabled={resend.isPending}
          startIcon={
            resend.isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined
          }
        >
          {t('profile.verification.resend')}
        </Button>
      }
      sx={{ alignItems: 'center' }}
    >
      {t('profile.verification.notVerified')}
      {/* Invitations by e-mail wait for the confirmation (issue 10): say why none have arrived. */}
      <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
        {t('profile.verification.invitationsWait')}
      </Box>
    </Alert>
  );
}
