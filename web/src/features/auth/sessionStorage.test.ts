import { describe, expect, it } from 'vitest';
import { isStoredAccount } from './sessionStorage.ts';

const stored = {
  userId: 'u1',
  name: 'Ana',
  email: 'ana@example.com',
  loginToken: 'token',
  imageLink: null,
  description: null,
  contact: { phoneNumber: null, linkedIn: null, facebook: null },
  privacy: { email: false, phoneNumber: false, linkedIn: false, facebook: false },
  permissions: { canCreateChat: true },
  isConfirmed: true,
  status: 'active',
  socialId: null,
  hasUpdatedProfile: false,
};

describe('stored account check', () => {
  it('accepts an account saved by this version', () => {
    expect(isStoredAccount(stored)).toBe(true);
    expect(isStoredAccount({ ...stored, imageLink: '/media/a.jpg', description: 'Hi' })).toBe(true);
  });

  it('refuses what an older version saved, or anything without a login token', () => {
    const { hasUpdatedProfile: _, ...olderVersion } = stored;
    expect(isStoredAccount(olderVersion)).toBe(false);
    expect(isStoredAccount({ ...stored, loginToken: '' })).toBe(false);
    expect(isStoredAccount({ ...stored, contact: null })).toBe(false);
    expect(isStoredAccount({ ...stored, isConfirmed: 'yes' })).toBe(false);
    expect(isStoredAccount(null)).toBe(false);
    expect(isStoredAccount('token')).toBe(false);
  });
});
