import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { lazyScreen } from '../components/lazyScreen.tsx';
import { activityRoutes } from '../features/activity/activityRoutes.tsx';
import { calendarsRoutes, preloadCalendarsScreen } from '../features/calendars/calendarsRoutes.tsx';
import { chatRoutes } from '../features/chat/chatRoutes.tsx';
import { eventsRoutes } from '../features/events/eventsRoutes.tsx';
import { profileRoutes } from '../features/profile/profileRoutes.tsx';
import { streamsRoutes } from '../features/streams/streamsRoutes.tsx';
import { AppRoot, GuestOnly, OptionalShell, preloadShell, RequireAuth } from './guards.tsx';

// Every screen is a lazy chunk (lazyScreen: React.lazy behind a Suspense boundary whose
// fallback waits before showing a progress bar), so the first page loads only its own code.
const LoginScreen = lazyScreen(() => import('../features/auth/LoginScreen.tsx').then((m) => m.LoginScreen));
const RegisterScreen = lazyScreen(() =>
  import('../features/auth/RegisterScreen.tsx').then((m) => m.RegisterScreen),
);
const ResetPasswordScreen = lazyScreen(() =>
  import('../features/auth/ResetPasswordScreen.tsx').then((m) => m.ResetPasswordScreen),
);
const LegalScreen = lazyScreen(() => import('../features/legal/LegalScreen.tsx').then((m) => m.LegalScreen));
const NotFoundScreen = lazyScreen(() => import('./NotFoundScreen.tsx').then((m) => m.NotFoundScreen));

/** The screens of the pages the build prerenders (vite.config.ts), by path: main.tsx loads one before hydrating its page. */
export const prerenderedScreens: Partial<Record<string, { preload: () => Promise<unknown> }>> = {
  '/login': LoginScreen,
};

/**
 * The code a signed-in visit to `pathname` draws first, loading (preloadFirstScreen.ts asked for
 * it as the page began): main.tsx waits for it, so the first render draws the shell and the
 * calendars list in one pass instead of suspending on each (issue 12).
 */
export function signedInFirstScreens(pathname: string): Promise<unknown>[] {
  const screens = [preloadShell()];
  if (pathname === '/' || pathname === '/calendars') screens.push(preloadCalendarsScreen());
  return screens;
}

/** An authentication screen, which a signed-in user is sent on from. */
const guestOnly = (screen: ReactNode) => <GuestOnly>{screen}</GuestOnly>;

/** Every route of the app (PRODUCT.md §1.2 Shell); paths match exactly, unknown ones go to /404. */
const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { path: 'login', element: guestOnly(<LoginScreen />) },
      { path: 'register', element: guestOnly(<RegisterScreen />) },
      { path: 'reset-password', element: guestOnly(<ResetPasswordScreen />) },
      { path: 'terms', element: <LegalScreen document="terms" /> },
      { path: 'privacy', element: <LegalScreen document="privacy" /> },
      { element: <OptionalShell />, children: [{ path: '404', element: <NotFoundScreen /> }] },
      {
        path: '/',
        element: <RequireAuth />,
        children: [
          ...calendarsRoutes,
          ...eventsRoutes,
          ...streamsRoutes,
          ...chatRoutes,
          ...activityRoutes,
          ...profileRoutes,
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/**
 * The screen of the current path. The plain router (useRoutes) rather than the data router:
 * the app uses no loaders or actions, and the plain one is a third of the code (issue 12).
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
