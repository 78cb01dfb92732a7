import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './ApiError.ts';
import { attachQueryCache } from './queryCache.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change by asking again.
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's one query cache. Created when the first part that queries loads (the shell, the
 * register and reset-password screens, the signed-in session's account refresh), not with the
 * sign-in page, which does without TanStack Query (issue 12). Each of those parts renders its own
 * QueryClientProvider with this client (api/QueryProvider.tsx), so they share one cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false } },
});
attachQueryCache(queryClient);
