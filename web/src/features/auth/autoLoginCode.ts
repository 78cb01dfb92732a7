/** The code of an /auto-login/{code} path (any path containing auto-login), or null. */
export function autoLoginCodeFromPath(pathname: string): string | null {
  const code = pathname.split('auto-login/')[1]?.split('/')[0];
  if (!code) return null;
  try {
    return decodeURIComponent(code);
  } catch {
    return null;
  }
}
