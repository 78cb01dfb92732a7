import { describe, expect, it } from 'vitest';
import {
  forgetReturnPath,
  readReturnPath,
  rememberReturnPath,
  safeReturnPath,
  signedOutRoute,
} from './returnTo.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('return path after signing in', () => {
  it('keeps app paths with their query', () => {
    expect(safeReturnPath('/calendars/abc/events')).toBe('/calendars/abc/events');
    expect(safeReturnPath('/activity/requests?x=1')).toBe('/activity/requests?x=1');
  });

  it('refuses other origins, the auth screens and the start page', () => {
    for (const path of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil',
      '/login',
      '/register?x',
      '/',
      '/auto-login/abc',
      '',
      null,
    ]) {
      expect(safeReturnPath(path)).toBeNull();
    }
  });

  it('reads the same path on every render until it is forgotten', () => {
    const storage = memoryStorage();
    rememberReturnPath(storage, '/calendars/abc/events');
    expect(readReturnPath(storage)).toBe('/calendars/abc/events');
    expect(readReturnPath(storage)).toBe('/calendars/abc/events');
    forgetReturnPath(storage);
    expect(readReturnPath(storage)).toBeNull();
    rememberReturnPath(storage, '//evil.example');
    expect(readReturnPath(storage)).toBeNull();
  });

  it('sends visitors to sign up and people whose session ended to log in', () => {
    expect(signedOutRoute(null)).toEqual({ to: '/register', keepsPath: true });
    expect(signedOutRoute('lost')).toEqual({ to: '/login', keepsPath: true });
    // The page someone chose to log out from is not where their next sign-in lands.
    expect(signedOutRoute('logout')).toEqual({ to: '/login', keepsPath: false });
  });
});
