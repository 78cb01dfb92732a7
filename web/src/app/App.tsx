import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { RealtimeSubscriber } from '../api/RealtimeProvider.tsx';
import { SnackbarProvider } from '../components/Snackbar.tsx';
import { subscribeActivityRefresh } from '../features/activity/activityRealtime.ts';
import { SessionProvider } from '../features/auth/SessionProvider.tsx';
import { subscribeChatRealtime } from '../features/chat/chatRealtime.ts';
import { createAppRouter } from './router.tsx';
import { reducedMotionTheme, theme } from './theme.ts';

/** What features do with the socket beyond the query invalidations of api/realtime.ts. */
const realtimeSubscribers: readonly RealtimeSubscriber[] = [subscribeActivityRefresh, subscribeChatRealtime];

/**
 * The app: theme, snackbar, session (with realtime) and the router. The server-state cache
 * (api/queryClient.ts) comes with the parts that query (the shell, the register and reset-password
 * screens), not with the sign-in page (issue 12).
 */
export function App() {
  const [router] = useState(createAppRouter);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <ThemeProvider theme={reduceMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      <SnackbarProvider>
        <SessionProvider realtimeSubscribers={realtimeSubscribers}>
          <RouterProvider router={router} />
        </SessionProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
