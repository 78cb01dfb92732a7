import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { autoLogin } from './authApi.ts';
import { autoLoginCodeFromPath } from './autoLoginCode.ts';
import { useSession } from './useSession.ts';

/** Signs in with the single-use code in the path, renders nothing, then goes to /. */
export function AutoLogin() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { showSnackbar } = useSnackbar();
  const hasStarted = useRef(false);

  useEffect(() => {
    // The code is single-use: never send it twice, even when effects run twice.
    if (hasStarted.current) return;
    hasStarted.current = true;
    const code = autoLoginCodeFromPath(pathname);
    // The code must not linger in the address bar or the history while the request runs.
    window.history.replaceState(window.history.state, '', '/');
    const handleFailure = () => {
      showSnackbar(t('auth.errors.autoLoginFailed'), { severity: 'error' });
      void navigate('/login', { replace: true });
    };
    if (!code) {
      handleFailure();
      return;
    }
    autoLogin(code).then((account) => {
      signIn(account);
      void navigate('/', { replace: true });
    }, handleFailure);
  }, [pathname, navigate, signIn, showSnackbar, t]);

  return null;
}
