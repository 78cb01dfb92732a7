import type { RegisterBody } from '@convene/contract';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppConfig } from '../../api/config.ts';
import { lazyResolver } from '../../components/lazyResolver.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { register as registerAccount } from './authApi.ts';
import { registerError } from './authErrors.ts';
import { BotCheck } from './BotCheck.tsx';
import { useSession } from './useSession.ts';

/** The form's checks (the contract's schema), loaded when the person starts typing. */
const validation = lazyResolver(() => import('./authResolvers.ts').then((m) => m.registerResolver));
/** /register: name, e-mail, password and the bot check; success is the automatic login. */
export function RegisterForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { signIn } = useSession();
  const { data: config } = useAppConfig();
  const [formError, setFormError] = useState<string | null>(null);
  // A bot-check answer is single-use: every failed attempt gets a fresh widget.
  const [botCheckKey, setBotCheckKey] = useState(0);
  usePageTitle(t('pages.register'));

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<RegisterBody, unknown, RegisterBody>({
    resolver: validation.resolver,
    defaultValues: { name: '', email: '', password: '', recaptchaCode: '' },
  });

  const mutation = useMutation({
    mutationFn: registerAccount,
    onSuccess: signIn,
    onError: (error) => {
      setValue('recaptchaCode', '');
      setBotCheckKey((key) => key + 1);
      const { field, key } = registerError(error);
      if (field) setError(field, { message: key }, { shouldFocus: field !== 'recaptchaCode' });
      else setFormError(key);
    },
  });

  const handleRegister = handleSubmit((values) => {
    setFormError(null);
    mutation.mutate(values);
  });

  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <Box component="form" noValidate onFocus={validation.preload} onSubmit={handleRegister}>
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{errorText(formError)}</Alert> : null}
          <TextInput
            {...register('name')}
            label={t('auth.fields.name')}
            autoComplete="name"
            autoFocus
            error={Boolean(errors.name)}
            helperText={errorText(errors.name?.message)}
          />
          <TextInput
            {...register('email')}
            type="email"
            label={t('auth.fields.email')}
            autoComplete="email"
            error={Boolean(errors.email)}
            helperText={errorText(errors.email?.message)}
          />
          <PasswordField
            {...register('password')}
            label={t('auth.fields.password')}
            autoComplete="new-password"
            error={Boolean(errors.password)}
            helperText={errorText(errors.password?.message)}
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
          <Typography variant="body2" color="text.secondary">
            <Trans
              i18nKey="auth.register.agreement"
              components={{
                terms: <Link component={RouterLink} to="/terms" />,
                privacy: <Link component={RouterLink} to="/privacy" />,
              }}
            />
          </Typography>
          <SubmitButton isPending={mutation.isPending}>{t('auth.register.submit')}</SubmitButton>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('auth.register.haveAccount')}{' '}
            <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
              {t('auth.register.loginLink')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
