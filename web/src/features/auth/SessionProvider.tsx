import type { Account } from '@convene/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { setLoginToken, setUnauthorizedHandler } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { RealtimeProvider, type RealtimeSubscriber } from '../../api/RealtimeProvider.tsx';
import { PushSetup } from '../push/PushSetup.tsx';
import { unregisterPush } from '../push/pushRegistration.ts';
import { getAccount, logout } from './authApi.ts';
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

function restoreSession(): StoredAccount | null {
  const stored = readStoredAccount();
  setLoginToken(stored?.loginToken ?? null);
  return stored;
}

/** Holds the session: restored from localStorage on load, kept fresh from GET /api/account. */
export function SessionProvider({
  realtimeSubscribers,
  children,
}: {
  /** Handed to the realtime provider (see RealtimeProvider's subscribers). */
  realtimeSubscribers: readonly RealtimeSubscriber[];
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<StoredAccount | null>(restoreSession);
  const [sessionEnd, setSessionEnd] = useState<SessionEnd>(() => (readSignedOut() ? 'lost' : null));
  const loginToken = current?.loginToken ?? null;

  const clearLocally = useCallback(
    (reason: 'logout' | 'lost') => {
      clearStoredAccount();
      setLoginToken(null);
      setCurrent(null);
      writeSignedOut(true);
      setSessionEnd(reason);
      queryClient.clear();
    },
    [queryClient],
  );

  const signIn = useCallback(
    (value: StoredAccount) => {
      queryClient.clear();
      writeStoredAccount(value);
      setLoginToken(value.loginToken);
      setCurrent(value);
      writeSignedOut(false);
      setSessionEnd(null);
      queryClient.setQueryData<Account>(queryKeys.account, value);
    },
    [queryClient],
  );

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

  const { data: fresh } = useQuery({
    queryKey: queryKeys.account,
    queryFn: ({ signal }) => getAccount(signal),
    enabled: loginToken !== null,
    // Realtime `account` messages (and reconnects) invalidate it; no need to refetch on every mount.
    staleTime: 5 * 60 * 1000,
  });

  useEffect(() => {
    if (!fresh || !loginToken) return;
    const next: StoredAccount = { ...fresh, loginToken };
    writeStoredAccount(next);
    setCurrent(next);
  }, [fresh, loginToken]);

  const session = useMemo<Session>(
    () => ({ account: current, signIn, signOut, sessionEnd }),
    [current, signIn, signOut, sessionEnd],
  );

  return (
    <SessionContext value={session}>
      <RealtimeProvider loginToken={loginToken} subscribers={realtimeSubscribers}>
        {children}
        {loginToken ? <PushSetup /> : null}
      </RealtimeProvider>
    </SessionContext>
  );
}
