import { Alert, Box, FormHelperText, Skeleton } from '@mui/material';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../../api/config.ts';

const AltchaWidget = lazy(() =>
  import('./AltchaWidget.tsx').then((module) => ({ default: module.AltchaWidget })),
);

interface BotCheckProps {
  captcha: AppConfig['captcha'] | undefined;
  /** The payload for the recaptchaCode field: the solved answer, or '' when unsolved. */
  onChange: (payload: string) => void;
  error?: string;
}

/** The bot check of the register and reset forms (ALTCHA by default; reCAPTCHA only announced). */
export function BotCheck({ captcha, onChange, error }: BotCheckProps) {
  const { t, i18n } = useTranslation();
  const errorId = useId();
  const placeholder = <Skeleton variant="rounded" height={58} />;

  let content = placeholder;
  if (captcha?.provider === 'altcha') {
    content = (
      <Suspense fallback={placeholder}>
        <AltchaWidget onChange={onChange} language={i18n.resolvedLanguage ?? 'en'} />
      </Suspense>
    );
  } else if (captcha?.provider === 'recaptcha') {
    content = <Alert severity="info">{t('auth.botCheck.recaptchaConfigured')}</Alert>;
  }

  return (
    <Box role="group" aria-label={t('auth.botCheck.label')} aria-describedby={error ? errorId : undefined}>
      {content}
      {error ? (
        <FormHelperText id={errorId} error role="alert">
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
