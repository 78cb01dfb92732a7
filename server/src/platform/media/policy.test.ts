import type { UploadPolicy } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { signPolicy, verifyPolicy } from './policy.ts';

const contents: UploadPolicy = {
  key: `photos/profile/${'a'.repeat(32)}/${'b'.repeat(32)}.jpg`,
  contentTypes: ['image/png', 'image/jpeg'],
  contentLengthRange: [1, 20_000_000],
  expiresAt: '2030-01-01T00:05:00.000Z',
  userId: 'a'.repeat(32),
  purpose: 'profile',
};
const now = new Date('2030-01-01T00:00:00.000Z');

describe('upload policy signing', () => {
  it('accepts what it signed until it expires', () => {
    const signed = signPolicy('secret', contents);
    expect(verifyPolicy('secret', signed, now)).toEqual({ ok: true, contents });
    expect(verifyPolicy('secret', signed, new Date('2030-01-01T00:05:00.000Z'))).toEqual({
      ok: false,
      failure: 'expired',
    });
  });

  it('refuses another secret, an edited policy, a malformed signature and a signed non-policy', () => {
    const signed = signPolicy('secret', contents);
    expect(verifyPolicy('other', signed, now)).toEqual({ ok: false, failure: 'signature' });
    const edited = Buffer.from(JSON.stringify({ ...contents, contentLengthRange: [1, 1e9] })).toString(
      'base64',
    );
    expect(verifyPolicy('secret', { ...signed, policy: edited }, now)).toEqual({
      ok: false,
      failure: 'signature',
    });
    for (const signature of ['', 'zz', signed.signature.toUpperCase(), `${signed.signature}00`]) {
      expect(verifyPolicy('secret', { ...signed, signature }, now)).toEqual({
        ok: false,
        failure: 'signature',
      });
    }
    expect(verifyPolicy('secret', { signature: signed.signature }, now)).toEqual({
      ok: false,
      failure: 'policy',
    });
    const notAPolicy = signPolicy('secret', { key: '../../etc/passwd' } as unknown as UploadPolicy);
    expect(verifyPolicy('secret', notAPolicy, now)).toEqual({ ok: false, failure: 'policy' });
  });
});
