import { QueryProvider } from '../../api/QueryProvider.tsx';
import { AuthScreen } from './AuthScreen.tsx';
import { RegisterForm } from './RegisterForm.tsx';

/** /register */
export function RegisterScreen() {
  return (
    <QueryProvider>
      <AuthScreen>
        <RegisterForm />
      </AuthScreen>
    </QueryProvider>
  );
}
