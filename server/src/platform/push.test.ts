import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { generateVapidKeys } from './push.ts';

describe('generateVapidKeys', () => {
  it('makes a P-256 pair in the form web-push takes (65-byte public, 32-byte private key, base64url)', () => {
    const keys = generateVapidKeys();
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    // The public key belongs to the private one.
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    expect(curve.getPublicKey().toString('base64url')).toBe(keys.publicKey);
    // web-push validates and signs with them.
    expect(() =>
      webpush.setVapidDetails('mailto:admin@example.com', keys.publicKey, keys.privateKey),
    ).not.toThrow();
    const headers = webpush.getVapidHeaders(
      'https://push.example.com',
      'mailto:admin@example.com',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    expect(headers.Authorization).toContain(`k=${keys.publicKey}`);
    expect(generateVapidKeys().privateKey).not.toBe(keys.privateKey);
  });
});
