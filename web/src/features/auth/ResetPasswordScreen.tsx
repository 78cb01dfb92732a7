import { useSearchParams } from 'react-router';
import { QueryProvider } from '../../api/QueryProvider.tsx';
import { AuthScreen } from './AuthScreen.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

/** /reset-password: ask for the mail, or with the mailed link's token, choose the new password. */
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const resetToken = searchParams.get('token');
  return (
    <QueryProvider>
      <AuthScreen>{resetToken ? <NewPasswordForm token={resetToken} /> : <ResetPasswordForm />}</AuthScreen>
    </QueryProvider>
  );
}
