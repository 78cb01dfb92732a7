import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSnackbar } from '../../components/Snackbar.tsx';

/** The query the server's confirmation link redirects with: /login?emailConfirmed=1 (or =0). */
export const emailConfirmedParam = 'emailConfirmed';

/** Shows the e-mail confirmation result once, then drops it from the URL. */
export function useEmailConfirmedNotice(): void {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const [searchParams, setSearchParams] = useSearchParams();
  const result = searchParams.get(emailConfirmedParam);

  useEffect(() => {
    if (result === null) return;
    if (result === '1') showSnackbar(t('auth.emailConfirmed.success'), { severity: 'success' });
    else showSnackbar(t('auth.emailConfirmed.failure'), { severity: 'error' });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(emailConfirmedParam);
        return next;
      },
      { replace: true },
    );
  }, [result, showSnackbar, setSearchParams, t]);
}
