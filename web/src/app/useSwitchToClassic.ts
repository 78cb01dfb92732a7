import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../components/Snackbar.tsx';
import { createLoginCode } from '../features/auth/authApi.ts';

/** Opens the classic app, signed in, through its auto-login link with a fresh single-use code. */
export function useSwitchToClassic(classicAppUrl: string | null) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const mutation = useMutation({ mutationFn: createLoginCode });

  const handleSwitch = () => {
    if (!classicAppUrl) return;
    // Opened before the request so the browser still counts it as a user action (no popup block).
    const target = window.open('', '_blank');
    mutation.mutate(undefined, {
      onSuccess: ({ code }) => {
        const url = `${classicAppUrl.replace(/\/$/, '')}/auto-login/${encodeURIComponent(code)}`;
        if (target) target.location.href = url;
        else window.location.assign(url);
      },
      onError: () => {
        target?.close();
        showSnackbar(t('navigator.switchFailed'), { severity: 'error' });
      },
    });
  };

  return { handleSwitch, isSwitching: mutation.isPending };
}
