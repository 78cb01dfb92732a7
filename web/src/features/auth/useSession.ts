import { use } from 'react';
import { type Session, SessionContext } from './SessionProvider.tsx';

/** The current session; only inside SessionProvider. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}
