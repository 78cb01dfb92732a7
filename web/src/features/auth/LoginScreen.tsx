import { AuthScreen } from './AuthScreen.tsx';
import { LoginForm } from './LoginForm.tsx';

/** /login */
export function LoginScreen() {
  return (
    <AuthScreen>
      <LoginForm />
    </AuthScreen>
  );
}
