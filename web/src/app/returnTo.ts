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

/** Takes (and forgets) the remembered path. */
export function takeReturnPath(storage: Pick<Storage, 'getItem' | 'removeItem'>): string | null {
  const path = safeReturnPath(storage.getItem(storageKey));
  storage.removeItem(storageKey);
  return path;
}
