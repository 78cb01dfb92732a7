import type { Account } from '@convene/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { attachQueryCache, clearQueryCache, seedAccount } from './queryCache.ts';
import { queryKeys } from './queryKeys.ts';

const account = { userId: 'u1', name: 'Ana' } as unknown as Account;

// One module state per file: the steps run in order, before and after the client exists.
describe('the session and the query cache, created later than the first page', () => {
  it('keeps the signed-in account until the client is created, then seeds it', () => {
    clearQueryCache();
    seedAccount(account);
    const client = new QueryClient();
    attachQueryCache(client);
    expect(client.getQueryData(queryKeys.account)).toBe(account);
  });

  it('forgets a waiting account on sign-out, and clears the cache once it exists', () => {
    const client = new QueryClient();
    attachQueryCache(client);
    client.setQueryData(['calendars', 'list'], []);
    seedAccount(account);
    expect(client.getQueryData(queryKeys.account)).toBe(account);
    clearQueryCache();
    expect(client.getQueryData(queryKeys.account)).toBeUndefined();
    expect(client.getQueryData(['calendars', 'list'])).toBeUndefined();
  });
});
