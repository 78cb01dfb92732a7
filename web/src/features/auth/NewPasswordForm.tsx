import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { lazyResolver } from '../../components/lazyResolver.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { confirmPasswordReset } from './authApi.ts';
import { newPasswordError } from './authErrors.ts';
import type { NewPasswordValues } from './authResolvers.ts';
import { loginStateFor } from './loginState.ts';

/** The form's checks (the contract's password rules, both alike), loaded when the person starts typing. */
const validation = lazyResolver(() => import('./authResolvers.ts').then((m) => m.newPasswordResolver));

/** /reset-password?token=…: choose a new password from the mailed link, then log in with it (e-mail filled in). */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const [formError, setFormError] = useState<string | null>(null);
  usePageTitle(t('pages.newPassword'));

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
