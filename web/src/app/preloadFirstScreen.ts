// Second import of main.tsx: starts loading the code of the screen the address shows before the
// rest of the entry (React, MUI, i18next) runs, so that code arrives while those start up instead
// of after the router first asks for it (issue 12: no waterfall of lazy chunks on the first
// page). Each import is the one the router's lazy screen makes, so the router then finds the
// module loaded. Vite's import() also preloads each chunk's own imports, in parallel.
import { requestEarly } from '../api/earlyRequests.ts';
import { readStoredAccount } from '../features/auth/sessionStorage.ts';
import { myCalendarsUrl } from '../features/calendars/myCalendarsUrl.ts';

const { pathname } = window.location;
const swallow = () => undefined;
const account = readStoredAccount();
if (account) {
  // Signed in: the shell around every screen, and the calendars list where visits start, with
  // the list's data (api/earlyRequests.ts).
  void import('./Shell.tsx').catch(swallow);
  if (pathname === '/' || pathname === '/calendars') {
    requestEarly(myCalendarsUrl, account.loginToken);
    void import('../features/calendars/CalendarsScreen.tsx').catch(swallow);
  }
} else if (pathname === '/login') {
  void import('../features/auth/LoginScreen.tsx').catch(swallow);
} else if (pathname === '/register') {
  void import('../features/auth/RegisterScreen.tsx').catch(swallow);
}
