import { useLocation, useSearchParams } from 'react-router';
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

  if (pathname === '/register') return <RegisterForm />;
  if (pathname === '/reset-password') {
    return resetToken ? <NewPasswordForm token={resetToken} /> : <ResetPasswordForm />;
  }
  return <LoginForm />;
}
