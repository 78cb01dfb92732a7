import { Alert } from '@mui/material';
import { lazy, type Ref, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotCheckHandle } from '../../components/InvisibleAltcha.tsx';

const InvisibleAltcha = lazy(() =>
  import('../../components/InvisibleAltcha.tsx').then((module) => ({ default: module.InvisibleAltcha })),
);

/**
 * The invisible bot check of an invitation, or — when the server is set up for reCAPTCHA, which
 * this app does not embed — a note saying invitations cannot be sent from here.
 */
export function InviteBotCheck({ ref, isRecaptcha }: { ref: Ref<BotCheckHandle>; isRecaptcha: boolean }) {
  const { t, i18n } = useTranslation();
  if (isRecaptcha) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {t('auth.botCheck.recaptchaConfigured')}
      </Alert>
    );
  }
  return (
    <Suspense fallback={null}>
      <InvisibleAltcha ref={ref} language={i18n.resolvedLanguage ?? 'en'} />
    </Suspense>
  );
}

/** Solves the bot check; '' when it could not be solved (the caller tells the person). */
export async function solveInviteBotCheck(handle: BotCheckHandle | null): Promise<string> {
  try {
    return (await handle?.solve()) ?? '';
  } catch {
    return '';
  }
}
