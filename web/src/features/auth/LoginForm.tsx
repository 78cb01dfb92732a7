import { type LoginBody, loginBody } from '@convene/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Link, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { PasswordField } from '../../components/PasswordField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { login } from './authApi.ts';
import { loginError } from './authErrors.ts';
import { loginEmailFrom } from './loginState.ts';
import { useSession } from './useSession.ts';

/**
 * /login: e-mail and password; on success the session opens and the guard goes where the person
 * was heading. After a password reset the e-mail is filled in and the password has the focus.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const [presetEmail] = useState(() => loginEmailFrom(state));
  const errorText = useErrorText();
  const { signIn } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  usePageTitle(t('pages.login'));

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginBody, unknown, LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: presetEmail, password: '' },
  });

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: signIn,
    onError: (error) => {
      const { field, key } = loginError(error);
      if (field) setError(field, { message: key }, { shouldFocus: true });
      else setFormError(key);
    },
  });

  const handleLogin = handleSubmit((values) => {
    setFormError(null);
    mutation.mutate(values);
  });

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Box component="form" noValidate onSubmit={handleLogin}>
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{errorText(formError)}</Alert> : null}
          <TextField
            {...register('email')}
            type="email"
            label={t('auth.fields.email')}
            autoComplete="email"
            autoFocus={!presetEmail}
            error={Boolean(errors.email)}
            helperText={errorText(errors.email?.message)}
          />
          <PasswordField
            {...register('password')}
            label={t('auth.fields.password')}
            autoComplete="current-password"
            autoFocus={Boolean(presetEmail)}
            error={Boolean(errors.password)}
            helperText={errorText(errors.password?.message)}
          />
          <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
            <Link component={RouterLink} to="/reset-password" variant="body2">
              {t('auth.login.forgotPassword')}
            </Link>
          </Box>
          <SubmitButton isPending={mutation.isPending}>{t('auth.login.submit')}</SubmitButton>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('auth.login.noAccount')}{' '}
            <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
              {t('auth.login.registerLink')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
