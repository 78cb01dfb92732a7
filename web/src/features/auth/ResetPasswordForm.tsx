import type { ResetPasswordBody } from '@convene/contract';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppConfig } from '../../api/config.ts';
import { lazyResolver } from '../../components/lazyResolver.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { requestPasswordReset } from './authApi.ts';
import { resetPasswordError } from './authErrors.ts';
import { BotCheck } from './BotCheck.tsx';

/** The form's checks (the contract's schema), loaded when the person starts typing. */
const validation = lazyResolver(() => import('./authResolvers.ts').then((m) => m.resetPasswordResolver));
/** /reset-password: e-mail and bot check; the server mails a link to choose a new password. */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const { data: config } = useAppConfig();
  const [formError, setFormError] = useState<string | null>(null);
  const [botCheckKey, setBotCheckKey] = useState(0);
  usePageTitle(t('pages.resetPassword'));

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<ResetPasswordBody, unknown, ResetPasswordBody>({
    resolver: validation.resolver,
    defaultValues: { email: '', recaptchaCode: '' },
  });

  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => {
      showSnackbar(t('auth.reset.success'), { severity: 'success' });
      void navigate('/login');
    },
    onError: (error) => {
      setValue('recaptchaCode', '');
      setBotCheckKey((key) => key + 1);
      const { field, key } = resetPasswordError(error);
      if (field) setError(field, { message: key }, { shouldFocus: field !== 'recaptchaCode' });
      else setFormError(key);
    },
  });

  const handleReset = handleSubmit((values) => {
    setFormError(null);
    mutation.mutate(values);
  });

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <Box component="form" noValidate onFocus={validation.preload} onSubmit={handleReset}>
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{errorText(formError)}</Alert> : null}
          <TextInput
            {...register('email')}
            type="email"
            label={t('auth.fields.email')}
            autoComplete="email"
            autoFocus
            error={Boolean(errors.email)}
            helperText={errorText(errors.email?.message)}
          />
          <Controller
            control={control}
            name="recaptchaCode"
            render={({ field }) => (
              <BotCheck
                key={botCheckKey}
                captcha={config?.captcha}
                onChange={field.onChange}
                error={errorText(errors.recaptchaCode?.message)}
              />
            )}
          />
          <SubmitButton isPending={mutation.isPending}>{t('auth.reset.submit')}</SubmitButton>
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
