import type { ErrorCode } from '@convene/contract';
import { Alert, Box, CircularProgress } from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { apiFetch } from '../../api/client.ts';
import type { StoredAccount } from '../auth/sessionStorage.ts';
import { useSession } from '../auth/useSession.ts';
import { framingOrigin, hasPendingEmbedCode, takeEmbedLaunch } from './embeddedMode.ts';
import { type EmbedErrorReason, postToHost } from './hostMessages.ts';

type Refusal = 'codeInvalid' | 'wrongUser' | 'wrongOrigin' | 'failed';

/** The reason the host is told with each refusal (docs/EMBED.md, the `error` message). */
const refusalReasons: Record<Refusal, EmbedErrorReason> = {
  codeInvalid: 'code-invalid',
  wrongUser: 'wrong-user',
  wrongOrigin: 'wrong-origin',
  failed: 'sign-in-failed',
};

const refusals: Partial<Record<ErrorCode, Refusal>> = {
  EMBED_CODE_INVALID: 'codeInvalid',
  EMBED_WRONG_USER: 'wrongUser',
  EMBED_WRONG_ORIGIN: 'wrongOrigin',
};

/**
 * Signs the host's user in with the code the host put in the frame's address (issue 16): the
 * code is exchanged once for a session kept in this tab only; a refused code is explained in
 * the frame instead of the app, and the host is told (it may mint a new code).
 */
export function EmbedSignIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const [state, setState] = useState<'ready' | 'signingIn' | Refusal>(() =>
    hasPendingEmbedCode() ? 'signingIn' : 'ready',
  );
  const hasStarted = useRef(false);

  useEffect(() => {
    // The code is single-use: never send it twice, even when effects run twice.
    if (hasStarted.current || state !== 'signingIn') return;
    hasStarted.current = true;
    const { code, userId } = takeEmbedLaunch();
    const hostOrigin = framingOrigin();
    if (!code || !userId) {
      setState('codeInvalid');
      return;
    }
    // The browser hides who frames the page (no ancestorOrigins, host sent no referrer): the code
    // cannot be matched to its host (docs/EMBED.md asks hosts to keep the default referrer policy).
    if (!hostOrigin) {
      setState('wrongOrigin');
      return;
    }
    apiFetch<StoredAccount>('/api/embed/session', {
      method: 'POST',
      body: { code, userId, hostOrigin },
    }).then(
      (account) => {
        signIn(account);
        setState('ready');
      },
      (error: unknown) =>
        setState((error instanceof ApiError && error.code && refusals[error.code]) || 'failed'),
    );
  }, [state, signIn]);

  useEffect(() => {
    if (state !== 'ready' && state !== 'signingIn')
      postToHost({ type: 'error', reason: refusalReasons[state] });
  }, [state]);

  if (state === 'ready') return children;
  if (state === 'signingIn') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label={t('auth.embed.signingIn')} />
      </Box>
    );
  }
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <Alert severity="error" sx={{ maxWidth: 480 }}>
        {t(`auth.embed.${state}`)}
      </Alert>
    </Box>
  );
}
