import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '../api/ApiError.ts';
import type { RealtimeSubscriber } from '../api/RealtimeProvider.tsx';
import { SnackbarProvider } from '../components/Snackbar.tsx';
import { subscribeActivityRefresh } from '../features/activity/activityRealtime.ts';
import { SessionProvider } from '../features/auth/SessionProvider.tsx';
import { createAppRouter } from './router.tsx';
import { reducedMotionTheme, theme } from './theme.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change by asking again.
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/** What features do with the socket beyond the query invalidations of api/realtime.ts. */
const realtimeSubscribers: readonly RealtimeSubscriber[] = [subscribeActivityRefresh];

/** The app: theme, server-state cache, snackbar, session (with realtime) and the router. */
export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false } } }),
  );
  const [router] = useState(createAppRouter);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <ThemeProvider theme={reduceMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <SessionProvider realtimeSubscribers={realtimeSubscribers}>
            <RouterProvider router={router} />
          </SessionProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
