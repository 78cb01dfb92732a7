import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../components/safeStorage.ts';
import {
  clearStoredAccount,
  readStoredAccount,
  type StoredAccount,
  writeStoredAccount,
} from '../auth/sessionStorage.ts';
import { captureEmbedLaunch, framingOrigin, isEmbedded, takeEmbedLaunch } from './embeddedMode.ts';

/** A Storage over a Map, as the browser's. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const account: StoredAccount = {
  userId: 'u1',
  name: 'Ana',
  email: 'ana@example.com',
  loginToken: 'token-1',
  imageLink: null,
  description: null,
  contact: {} as StoredAccount['contact'],
  privacy: {} as StoredAccount['privacy'],
  permissions: {} as StoredAccount['permissions'],
  isConfirmed: true,
  status: 'active',
  socialId: null,
  hasUpdatedProfile: true,
};

describe('the session of an embedded tab', () => {
  let local: Storage;
  let session: Storage;
  beforeEach(() => {
    local = memoryStorage();
    session = memoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is kept in this tab only, and ending it leaves the browser own session alone', () => {
    local.setItem('convene.account', JSON.stringify({ ...account, userId: 'own', loginToken: 'own-token' }));
    session.setItem('convene.embedded', '1');
    expect(isEmbedded()).toBe(true);

    writeStoredAccount(account);
    expect(JSON.parse(session.getItem('convene.account') ?? '{}').loginToken).toBe('token-1');
    expect(readStoredAccount()?.userId).toBe('u1');
    expect(JSON.parse(local.getItem('convene.account') ?? '{}').userId).toBe('own');

    clearStoredAccount();
    expect(readStoredAccount()).toBeNull();
    expect(session.getItem('convene.embedded')).toBe('1');
    expect(local.getItem('convene.account')).not.toBeNull();
  });

  it('is the ordinary localStorage session outside a frame', () => {
    expect(isEmbedded()).toBe(false);
    writeStoredAccount(account);
    expect(local.getItem('convene.account')).not.toBeNull();
    expect(session.getItem('convene.account')).toBeNull();
  });
});

describe('a frame the browser denies storage (third-party, under Chromium default blocking)', () => {
  const denied = () => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  };
  beforeEach(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(globalThis, name, { get: denied, configurable: true });
    }
    const url = 'https://convene.example.org/chat?loginToken=code-1&userId=u1';
    const replaceState = vi.fn();
    vi.stubGlobal('window', {
      self: {},
      top: {},
      location: { href: url, ancestorOrigins: ['https://intranet.example.org'] },
      history: { state: null, replaceState },
    });
  });
  afterEach(() => {
    for (const name of ['localStorage', 'sessionStorage']) Reflect.deleteProperty(globalThis, name);
    sessionStore.clear();
    vi.unstubAllGlobals();
  });

  it('still enters embedded mode and keeps the session in memory for the frame', () => {
    captureEmbedLaunch();
    expect(isEmbedded()).toBe(true);
    expect(framingOrigin()).toBe('https://intranet.example.org');
    expect(takeEmbedLaunch()).toEqual({ code: 'code-1', userId: 'u1' });

    writeStoredAccount(account);
    expect(readStoredAccount()?.loginToken).toBe('token-1');
    clearStoredAccount();
    expect(readStoredAccount()).toBeNull();
    expect(isEmbedded()).toBe(true);
  });
});
