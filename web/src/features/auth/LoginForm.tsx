import type { LoginBody } from '@convene/contract';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { PasswordField } from '../../components/PasswordField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { typedBeforeStart } from '../../components/typedBeforeStart.ts';
import { useErrorText } from '../../components/useErrorText.ts';
import { useIsStarted } from '../../components/useIsStarted.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { login } from './authApi.ts';
import { loginError } from './authErrors.ts';
import { loginEmailFrom } from './loginState.ts';
import type { LoginCheck, LoginField } from './loginValidation.ts';
import { useSession } from './useSession.ts';

/**
 * The form's checks (the contract's schema, with zod), loaded when the person starts typing (or
 * submits): not on focus, since the e-mail field has the focus as the page opens, and the first
 * paint should not share the network with zod (issue 12).
 */
let loadingChecks: Promise<(values: LoginBody) => LoginCheck> | null = null;
function loadChecks(): Promise<(values: LoginBody) => LoginCheck> {
  if (!loadingChecks) {
    loadingChecks = import('./loginValidation.ts').then((m) => m.checkLogin);
    // A failed download is tried again at the next check.
    loadingChecks.catch(() => {
      loadingChecks = null;
    });
  }
  return loadingChecks;
}
const preloadChecks = () => {
  loadChecks().catch(() => undefined);
};

/**
 * /login: e-mail and password; on success the session opens and the guard goes where the person
 * was heading. After a password reset the e-mail is filled in and the password has the focus.
 * Plain state rather than react-hook-form, so the sign-in page does not download it (issue 12),
 * with the same behaviour as the other forms: checked on submit, then each field again as it
 * changes; the first wrong field gets the focus; a server error on a field focuses that field.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const [presetEmail] = useState(() => loginEmailFrom(state));
  const errorText = useErrorText();
  const { signIn } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  usePageTitle(t('pages.login'));

  // The page is prerendered: what was typed before the app started is kept.
  const [values, setValues] = useState<LoginBody>(() => ({
    email: typedBeforeStart('email') ?? presetEmail,
    password: typedBeforeStart('password') ?? '',
  }));
  const isStarted = useIsStarted();
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  // The values the last keystroke left: a check that finishes after a newer change is dropped.
  const latest = useRef(values);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const focusField = (field: LoginField) => inputs[field].current?.focus();

  // The request as a plain promise (no TanStack Query on the sign-in page: issue 12).
  const [isPending, setIsPending] = useState(false);
  const send = async (body: LoginBody) => {
    setIsPending(true);
    try {
      const account = await login(body);
      signIn(account);
    } catch (error) {
      const { field, key } = loginError(error);
      if (field) {
        setErrors((current) => ({ ...current, [field]: key }));
        focusField(field);
      } else setFormError(key);
    } finally {
      setIsPending(false);
    }
  };

  const change = (field: LoginField) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    latest.current = next;
    if (!isSubmitted) return;
    // After the first submit, the changed field is checked again (its error shows or goes).
    void loadChecks().then(
      (check) => {
        if (latest.current !== next) return;
        const result = check(next);
        const message = result.ok ? undefined : result.errors[field];
        setErrors((current) => ({ ...current, [field]: message }));
      },
      () => undefined,
    );
  };

  const handleLogin = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    const check = await loadChecks().catch(() => null);
    if (!check) return;
    const result = check(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = (['email', 'password'] as const).find((field) => result.errors[field]);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    setFormError(null);
    void send(result.values);
  };

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {/* method="dialog": the build prerenders this page (app/prerender.tsx), so the form is on
          screen before the app runs; submitted then (Enter, a password manager), a plain form
          would put the password in the address (GET ?password=…). Outside a dialog, a dialog
          form's submission does nothing; once the app runs, handleLogin takes it. */}
      <Box component="form" method="dialog" noValidate onChange={preloadChecks} onSubmit={handleLogin}>
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{errorText(formError)}</Alert> : null}
          <TextInput
            ref={inputs.email}
            name="email"
            value={values.email}
            onChange={change('email')}
            type="email"
            label={t('auth.fields.email')}
            autoComplete="email"
            autoFocus={!presetEmail}
            error={Boolean(errors.email)}
            helperText={errorText(errors.email)}
          />
          <PasswordField
            ref={inputs.password}
            name="password"
            value={values.password}
            onChange={change('password')}
            label={t('auth.fields.password')}
            autoComplete="current-password"
            autoFocus={Boolean(presetEmail)}
            error={Boolean(errors.password)}
            helperText={errorText(errors.password)}
          />
          <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
            <Link component={RouterLink} to="/reset-password" variant="body2">
              {t('auth.login.forgotPassword')}
            </Link>
          </Box>
          <SubmitButton isPending={isPending} disabled={!isStarted}>
            {t('auth.login.submit')}
          </SubmitButton>
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
