import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { lazyResolver } from '../../components/lazyResolver.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { checkPasswordResetLink, confirmPasswordReset } from './authApi.ts';
import { authErrorKeys, newPasswordError } from './authErrors.ts';
import type { NewPasswordValues } from './authResolvers.ts';
import { loginStateFor } from './loginState.ts';

/** The form's checks (the contract's password rules, both alike), loaded when the person starts typing. */
const validation = lazyResolver(() => import('./authResolvers.ts').then((m) => m.newPasswordResolver));

/**
 * /reset-password?token=…: asks first whether the mailed link can still be used (without spending
 * it), so a used or expired link says so at once; else the new password form. Should the
 * question fail, the form shows (saving then tells whether the link works).
 */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  usePageTitle(t('pages.newPassword'));
  const linkCheck = useQuery({
    queryKey: queryKeys.resetLink(token),
    queryFn: ({ signal }) => checkPasswordResetLink(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (linkCheck.data?.usable === false) return <DeadResetLink />;
  if (linkCheck.isPending) {
    return (
      <AuthLayout title={t('auth.newPassword.title')} subtitle={t('auth.newPassword.subtitle')}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      </AuthLayout>
    );
  }
  return <NewPasswordFields token={token} />;
}

/** A used or expired reset link: what happened, and a way to a new link or back to log in. */
function DeadResetLink() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.newPassword.linkDeadTitle')} subtitle={t(authErrorKeys.resetLinkInvalid)}>
      <Stack spacing={2.5}>
        <Button component={RouterLink} to="/reset-password" variant="contained" size="large">
          {t('auth.newPassword.askAgain')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
            {t('auth.reset.backToLogin')}
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}

/** The new password, twice; saved, the login form follows with the e-mail filled in. */
function NewPasswordFields({ token }: { token: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues, unknown, NewPasswordValues>({
    resolver: validation.resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  const mutation = useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: ({ email }) => {
      showSnackbar(t('auth.newPassword.success'), { severity: 'success' });
      void navigate('/login', { replace: true, state: loginStateFor(email) });
    },
    onError: (error) => {
      const { field, key } = newPasswordError(error);
      if (field) setError(field, { message: key }, { shouldFocus: true });
      else setFormError(key);
    },
  });

  const handleSave = handleSubmit(({ password }) => {
    setFormError(null);
    mutation.mutate({ token, password });
  });

  return (
    <AuthLayout title={t('auth.newPassword.title')} subtitle={t('auth.newPassword.subtitle')}>
      <Box component="form" noValidate onFocus={validation.preload} onSubmit={handleSave}>
        <Stack spacing={2.5}>
          {formError ? (
            <Alert severity="error">
              {errorText(formError)}{' '}
              <Link component={RouterLink} to="/reset-password">
                {t('auth.reset.title')}
              </Link>
            </Alert>
          ) : null}
          <PasswordField
            {...register('password')}
            label={t('auth.fields.newPassword')}
            autoComplete="new-password"
            autoFocus
            error={Boolean(errors.password)}
            helperText={errorText(errors.password?.message)}
          />
          <PasswordField
            {...register('confirmPassword')}
            label={t('auth.fields.confirmPassword')}
            autoComplete="new-password"
            error={Boolean(errors.confirmPassword)}
            helperText={errorText(errors.confirmPassword?.message)}
          />
          <SubmitButton isPending={mutation.isPending}>{t('auth.newPassword.submit')}</SubmitButton>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
              {t('auth.reset.backToLogin')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
