import type { Account } from '@convene/contract';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { setLoginToken, setUnauthorizedHandler } from '../../api/client.ts';
import { clearQueryCache, seedAccount } from '../../api/queryCache.ts';
import { RealtimeProvider, type RealtimeSubscriber } from '../../api/RealtimeProvider.tsx';
import { unregisterPush } from '../push/pushRegistration.ts';
import { logout } from './authApi.ts';
import {
  clearStoredAccount,
  readSignedOut,
  readStoredAccount,
  type StoredAccount,
  writeSignedOut,
  writeStoredAccount,
} from './sessionStorage.ts';

/** The signed-in account and the two session transitions. */
export interface Session {
  account: StoredAccount | null;
  /** Stores the account answered by login, register or auto-login and opens the session. */
  signIn: (value: StoredAccount) => void;
  /** Ends the session: the server forgets the token, the browser forgets everything. */
  signOut: () => Promise<void>;
  /**
   * How this tab's last session ended, if it did: 'logout' (the person chose to leave, so the
   * page they left is not returned to) or 'lost' (the server stopped accepting it, or it ended
   * before a reload: the page is returned to). Either way the person has an account, so the
   * signed-out screens lead to /login rather than /register.
   */
  sessionEnd: SessionEnd;
}

/** See Session.sessionEnd. */
export type SessionEnd = 'logout' | 'lost' | null;

export const SessionContext = createContext<Session | null>(null);

// What runs while signed in (the account kept fresh, the push permission flow) queries the
// server, so it loads with TanStack Query once signed in, not with the sign-in page (issue 12).
const SignedInSession = lazy(() =>
  import('./SignedInSession.tsx').then((m) => ({ default: m.SignedInSession })),
);

function restoreSession(): StoredAccount | null {
  const stored = readStoredAccount();
  setLoginToken(stored?.loginToken ?? null);
  return stored;
}

/** Holds the session: restored from localStorage on load, kept fresh from GET /api/account. */
export function SessionProvider({
  loadRealtimeSubscribers,
  children,
}: {
  /** Handed to the realtime provider (see RealtimeProvider's loadSubscribers). */
  loadRealtimeSubscribers: () => Promise<readonly RealtimeSubscriber[]>;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState<StoredAccount | null>(restoreSession);
  const [sessionEnd, setSessionEnd] = useState<SessionEnd>(() => (readSignedOut() ? 'lost' : null));
  const loginToken = current?.loginToken ?? null;

  const clearLocally = useCallback((reason: 'logout' | 'lost') => {
    clearStoredAccount();
    setLoginToken(null);
    setCurrent(null);
    writeSignedOut(true);
    setSessionEnd(reason);
    clearQueryCache();
  }, []);

  const signIn = useCallback((value: StoredAccount) => {
    clearQueryCache();
    writeStoredAccount(value);
    setLoginToken(value.loginToken);
    setCurrent(value);
    writeSignedOut(false);
    setSessionEnd(null);
    seedAccount(value);
  }, []);

  const signOut = useCallback(async () => {
    // First, while the token still works: the server forgets this browser's push subscription.
    await unregisterPush();
    try {
      await logout();
    } catch {
      // The token is dropped below either way; a server that cannot be reached lets it expire.
    }
    clearLocally('logout');
  }, [clearLocally]);

  useEffect(() => {
    setUnauthorizedHandler(() => clearLocally('lost'));
    return () => setUnauthorizedHandler(null);
  }, [clearLocally]);

  // GET /api/account's answer (SignedInSession): the stored account follows it.
  const refreshAccount = useCallback(
    (fresh: Account) => {
      if (!loginToken) return;
      const next: StoredAccount = { ...fresh, loginToken };
      writeStoredAccount(next);
      setCurrent(next);
    },
    [loginToken],
  );

  const session = useMemo<Session>(
    () => ({ account: current, signIn, signOut, sessionEnd }),
    [current, signIn, signOut, sessionEnd],
  );

  return (
    <SessionContext value={session}>
      <RealtimeProvider loginToken={loginToken} loadSubscribers={loadRealtimeSubscribers}>
        {children}
        {loginToken ? (
          <Suspense fallback={null}>
            <SignedInSession key={loginToken} onAccount={refreshAccount} />
          </Suspense>
        ) : null}
      </RealtimeProvider>
    </SessionContext>
  );
}
