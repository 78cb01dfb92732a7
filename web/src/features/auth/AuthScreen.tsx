import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { preloadRealtime } from '../../api/realtime.ts';
import { LoginForm } from './LoginForm.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';
import { useEmailConfirmedNotice } from './useEmailConfirmedNotice.ts';

/** /login, /register and /reset-password: one authentication screen, the form chosen by the path. */
export function AuthScreen() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const resetToken = searchParams.get('token');
  useEmailConfirmedNotice();
  // Once the form is on screen, fetch the realtime client the signed-in app opens at once.
  useEffect(() => {
    const timer = setTimeout(preloadRealtime, 500);
    return () => clearTimeout(timer);
  }, []);

  if (pathname === '/register') return <RegisterForm />;
  if (pathname === '/reset-password') {
    return resetToken ? <NewPasswordForm token={resetToken} /> : <ResetPasswordForm />;
  }
  return <LoginForm />;
}
