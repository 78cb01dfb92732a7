import { CssBaseline, useMediaQuery } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { RealtimeSubscriber } from '../api/RealtimeProvider.tsx';
import { GuardedBrowserRouter } from '../components/navigationGuard.tsx';
import { SnackbarProvider } from '../components/Snackbar.tsx';
import { subscribeActivityRefresh } from '../features/activity/activityRealtime.ts';
import { SessionProvider } from '../features/auth/SessionProvider.tsx';
import { subscribeChatRealtime } from '../features/chat/chatRealtime.ts';
import { EmbedThemeProvider, isEmbedded } from '../features/embed/index.ts';
import { AppRoutes } from './router.tsx';
import { reducedMotionTheme, theme } from './theme.ts';

// Only a framed tab loads the embedding parts (issue 16), so the first page stays small (issue 12).
const EmbeddedApp = lazy(() =>
  import('../features/embed/EmbeddedApp.tsx').then((m) => ({ default: m.EmbeddedApp })),
);

/** What features do with the socket beyond the query invalidations of api/realtime.ts. */
const realtimeSubscribers: readonly RealtimeSubscriber[] = [subscribeActivityRefresh, subscribeChatRealtime];

/**
 * The app: theme, snackbar, session (with realtime) and the router. The server-state cache
 * (api/queryClient.ts) comes with the parts that query (the shell, the register and reset-password
 * screens), not with the sign-in page (issue 12).
 */
export function App() {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <EmbedThemeProvider base={reduceMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      <SnackbarProvider>
        <SessionProvider realtimeSubscribers={realtimeSubscribers}>
          <GuardedBrowserRouter>
            {isEmbedded() ? (
              <Suspense fallback={null}>
                <EmbeddedApp>
                  <AppRoutes />
                </EmbeddedApp>
              </Suspense>
            ) : (
              <AppRoutes />
            )}
          </GuardedBrowserRouter>
        </SessionProvider>
      </SnackbarProvider>
    </EmbedThemeProvider>
  );
}
