import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearStoredAccount,
  readStoredAccount,
  type StoredAccount,
  writeStoredAccount,
} from '../auth/sessionStorage.ts';
import { isEmbedded } from './embeddedMode.ts';

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
