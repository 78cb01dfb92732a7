import type { Account } from '@convene/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QueryProvider } from '../../api/QueryProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { PushSetup } from '../push/PushSetup.tsx';
import { getAccount } from './authApi.ts';

/** Keeps the signed-in account fresh from GET /api/account and hands each answer to the session. */
function AccountRefresh({ onAccount }: { onAccount: (account: Account) => void }) {
  const { data: fresh } = useQuery({
    queryKey: queryKeys.account,
    queryFn: ({ signal }) => getAccount(signal),
    // Realtime `account` messages (and reconnects) invalidate it; no need to refetch on every mount.
    staleTime: 5 * 60 * 1000,
  });
  useEffect(() => {
    if (fresh) onAccount(fresh);
  }, [fresh, onAccount]);
  return null;
}

/**
 * What the session runs while signed in (SessionProvider renders it, lazily, with a login token):
 * the account kept fresh and the push permission flow. Renders nothing.
 */
export function SignedInSession({ onAccount }: { onAccount: (account: Account) => void }) {
  return (
    <QueryProvider>
      <AccountRefresh onAccount={onAccount} />
      <PushSetup />
    </QueryProvider>
  );
}
