/** Where a signed-out visitor was going, kept across the register / login screens of this tab. */
const storageKey = 'convene.returnTo';

/** Paths that are not worth returning to after signing in. */
const authPaths = ['/login', '/register', '/reset-password', '/404'];

/** A same-app path worth coming back to, or null (rejects other origins and the auth screens). */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (pathname === '/' || authPaths.includes(pathname) || pathname.includes('auto-login')) return null;
  return path;
}

/** Remembers the path a signed-out visitor asked for. */
export function rememberReturnPath(storage: Pick<Storage, 'setItem'>, path: string): void {
  const safe = safeReturnPath(path);
  if (safe) storage.setItem(storageKey, safe);
}

/**
 * The remembered path, left in place: a screen may render more than once before its navigation
 * lands, and each render must find the same path (taking it in the first one sent the second to /).
 */
export function readReturnPath(storage: Pick<Storage, 'getItem'>): string | null {
  return safeReturnPath(storage.getItem(storageKey));
}

/** Forgets the remembered path once the signed-in area is shown. */
export function forgetReturnPath(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(storageKey);
}

/**
 * Where a signed-out visit to a signed-in screen goes, by how this tab's last session ended (see
 * Session.sessionEnd), and whether that screen is returned to after signing in.
 */
export function signedOutRoute(sessionEnd: 'logout' | 'lost' | null): {
  to: '/login' | '/register';
  keepsPath: boolean;
} {
  return { to: sessionEnd ? '/login' : '/register', keepsPath: sessionEnd !== 'logout' };
}
