import type { Account } from '@convene/contract';
import { queryKeys } from './queryKeys.ts';

/** What the session does with the query cache: a QueryClient, typed without importing TanStack Query. */
export interface QueryCacheHandle {
  clear(): void;
  setQueryData(queryKey: readonly unknown[], data: Account): unknown;
}

let handle: QueryCacheHandle | null = null;
let pendingAccount: Account | null = null;

/**
 * The session's way to the query cache, without TanStack Query on the first page (issue 12): the
 * client is created (api/queryClient.ts) only with the first screen or part that queries. Before
 * that the cache is empty, so clearing it is nothing, and the account a sign-in answered waits
 * here to seed it.
 */
export function attachQueryCache(client: QueryCacheHandle): void {
  handle = client;
  if (pendingAccount) client.setQueryData(queryKeys.account, pendingAccount);
  pendingAccount = null;
}

/** Empties the cache (sign-in, sign-out): nothing is kept from another session. */
export function clearQueryCache(): void {
  pendingAccount = null;
  handle?.clear();
}

/** Puts the account a sign-in answered in the cache (now, or when the client is created). */
export function seedAccount(account: Account): void {
  if (handle) handle.setQueryData(queryKeys.account, account);
  else pendingAccount = account;
}
