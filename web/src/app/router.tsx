import { createBrowserRouter, Navigate } from 'react-router';
import { lazyScreen } from '../components/lazyScreen.tsx';
import { activityRoutes } from '../features/activity/activityRoutes.tsx';
import { calendarsRoutes } from '../features/calendars/calendarsRoutes.tsx';
import { chatRoutes } from '../features/chat/chatRoutes.tsx';
import { eventsRoutes } from '../features/events/eventsRoutes.tsx';
import { profileRoutes } from '../features/profile/profileRoutes.tsx';
import { AppRoot, GuestOnly, OptionalShell, RequireAuth } from './guards.tsx';

// Every screen is a lazy chunk (lazyScreen: React.lazy behind a Suspense boundary whose
// fallback waits before showing a progress bar), so the first page loads only its own code.
const AuthScreen = lazyScreen(() => import('../features/auth/AuthScreen.tsx').then((m) => m.AuthScreen));
const LegalScreen = lazyScreen(() => import('../features/legal/LegalScreen.tsx').then((m) => m.LegalScreen));
const NotFoundScreen = lazyScreen(() => import('./NotFoundScreen.tsx').then((m) => m.NotFoundScreen));

const authScreen = (
  <GuestOnly>
    <AuthScreen />
  </GuestOnly>
);

/** Every route of the app (PRODUCT.md §1.2 Shell); paths match exactly, unknown ones go to /404. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppRoot />,
      children: [
        { path: 'login', element: authScreen },
        { path: 'register', element: authScreen },
        { path: 'reset-password', element: authScreen },
        { path: 'terms', element: <LegalScreen document="terms" /> },
        { path: 'privacy', element: <LegalScreen document="privacy" /> },
        { element: <OptionalShell />, children: [{ path: '404', element: <NotFoundScreen /> }] },
        {
          path: '/',
          element: <RequireAuth />,
          children: [...calendarsRoutes, ...eventsRoutes, ...chatRoutes, ...activityRoutes, ...profileRoutes],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ]);
}
