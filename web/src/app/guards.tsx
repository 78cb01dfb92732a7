import { Box } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { preloadRealtime } from '../api/realtime.ts';
import { lazyScreen } from '../components/lazyScreen.tsx';
import { sessionStore } from '../components/safeStorage.ts';
import { AutoLogin } from '../features/auth/AutoLogin.tsx';
import { readStoredAccount } from '../features/auth/sessionStorage.ts';
import { emailConfirmedParam } from '../features/auth/useEmailConfirmedNotice.ts';
import { useSession } from '../features/auth/useSession.ts';
import { forgetReturnPath, readReturnPath, rememberReturnPath, signedOutRoute } from './returnTo.ts';

// The signed-in shell (navigation, profile dialog host) is a chunk of its own: the sign-in screen
// does without it. Fetched at once when a session is stored (preloadFirstScreen.ts), so it is not
// a step behind the screen; so is the realtime client.
if (readStoredAccount()) preloadRealtime();
const Shell = lazyScreen(() => import('./Shell.tsx').then((m) => m.Shell));
/** Loads the shell's code (main.tsx, before the first render of a signed-in visit). */
export const preloadShell = Shell.preload;

/** The root of every route: any path containing auto-login signs in instead of routing. */
export function AppRoot() {
  const { pathname } = useLocation();
  return pathname.includes('auto-login') ? <AutoLogin /> : <Outlet />;
}

/**
 * The authentication screens: a signed-in user goes where they were heading before signing in
 * (an invitation link, say), else to / keeping the e-mail confirmation result.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { account } = useSession();
  const [searchParams] = useSearchParams();
  if (!account) return children;
  const returnTo = readReturnPath(sessionStore);
  if (returnTo) return <Navigate to={returnTo} replace />;
  const confirmed = searchParams.get(emailConfirmedParam);
  const search = confirmed === null ? '' : `?${new URLSearchParams({ [emailConfirmedParam]: confirmed })}`;
  return <Navigate to={{ pathname: '/', search }} replace />;
}

/**
 * Every signed-in screen, inside the shell. Signed-out visitors go to /register, people whose
 * session ended in this tab to /login; after signing in they come back here (except to the page
 * they chose to log out from: the next sign-in starts at /).
 */
export function RequireAuth() {
  const { account, sessionEnd } = useSession();
  const location = useLocation();
  useEffect(() => {
    if (account) forgetReturnPath(sessionStore);
  }, [account]);
  if (account) return <Shell />;
  const { to, keepsPath } = signedOutRoute(sessionEnd);
  if (keepsPath) rememberReturnPath(sessionStore, `${location.pathname}${location.search}${location.hash}`);
  return <Navigate to={to} replace />;
}

/** Screens for everyone (the 404 page): inside the shell when signed in, bare otherwise. */
export function OptionalShell() {
  const { account } = useSession();
  if (account) return <Shell />;
  return (
    <Box component="main" sx={{ minHeight: '100vh' }}>
      <Outlet />
    </Box>
  );
}
