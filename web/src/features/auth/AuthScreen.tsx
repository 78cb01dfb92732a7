import { type ReactNode, useEffect } from 'react';
import { preloadRealtime } from '../../api/realtime.ts';
import { useEmailConfirmedNotice } from './useEmailConfirmedNotice.ts';

/**
 * What every authentication screen (/login, /register, /reset-password) does around its form:
 * the e-mail confirmation notice, and once the form is on screen, fetching the realtime client
 * the signed-in app opens at once. Each screen is a chunk of its own, so /login loads only the
 * login form (issue 12).
 */
export function AuthScreen({ children }: { children: ReactNode }) {
  useEmailConfirmedNotice();
  useEffect(() => {
    const timer = setTimeout(preloadRealtime, 500);
    return () => clearTimeout(timer);
  }, []);
  return children;
}
