/** What a screen passes to /login in its router state: the e-mail to fill in. */
export interface LoginState {
  email: string;
}

/** The state that opens /login with `email` filled in (after a password reset). */
export function loginStateFor(email: string): LoginState {
  return { email };
}

/** The e-mail /login starts with: the one its router state carries, else ''. State may hold anything. */
export function loginEmailFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const { email } = state as Record<string, unknown>;
  return typeof email === 'string' ? email.slice(0, 254) : '';
}
