import { CssBaseline, type Theme, ThemeProvider, useMediaQuery } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import { GuardedBrowserRouter } from '../components/navigationGuard.tsx';
import { SnackbarProvider } from '../components/Snackbar.tsx';
import { SessionProvider } from '../features/auth/SessionProvider.tsx';
import { isEmbedded } from '../features/embed/index.ts';
import { AppRoutes } from './router.tsx';
import { reducedMotionTheme, theme } from './theme.ts';

// Only a framed tab loads the embedding parts (issue 16), so the first page stays small (issue 12).
const EmbeddedApp = lazy(() =>
  import('../features/embed/EmbeddedApp.tsx').then((m) => ({ default: m.EmbeddedApp })),
);
const EmbedThemeProvider = lazy(() =>
  import('../features/embed/EmbedThemeProvider.tsx').then((m) => ({ default: m.EmbedThemeProvider })),
);

/** The app's theme; in a framed tab, restyled by the host (features/embed). */
function AppTheme({ base, children }: { base: Theme; children: ReactNode }) {
  if (!isEmbedded()) return <ThemeProvider theme={base}>{children}</ThemeProvider>;
  return (
    <Suspense fallback={null}>
      <EmbedThemeProvider base={base}>{children}</EmbedThemeProvider>
    </Suspense>
  );
}

/** The features' socket subscribers (app/realtimeSubscribers.ts), a chunk loaded with the socket. */
const loadRealtimeSubscribers = () => import('./realtimeSubscribers.ts').then((m) => m.realtimeSubscribers);

/**
 * Around every screen: theme, snackbar and session (with realtime). The server-state cache
 * (api/queryClient.ts) comes with the parts that query (the shell, the register and reset-password
 * screens), not with the sign-in page (issue 12). The router goes inside: the browser's (App) or,
 * when the build prerenders a first page, a fixed address (app/prerender.tsx).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  // Not noSsr: hydrating a prerendered page, the first render matches the build's (with motion),
  // then the theme follows the system's setting.
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <AppTheme base={reduceMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      <SnackbarProvider>
        <SessionProvider loadRealtimeSubscribers={loadRealtimeSubscribers}>{children}</SessionProvider>
      </SnackbarProvider>
    </AppTheme>
  );
}

/** The app in the browser: the frame, the browser's router and the routes. */
export function App() {
  return (
    <AppFrame>
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
    </AppFrame>
  );
}
