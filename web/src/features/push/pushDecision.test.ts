import { describe, expect, it } from 'vitest';
import { decidePushAction, decodeVapidKey, isPushWorkerUrl, isSameKey } from './pushDecision.ts';

describe('decidePushAction', () => {
  it('registers when permission is granted', () => {
    expect(decidePushAction({ isSupported: true, permission: 'granted', wasDismissed: false })).toBe(
      'register',
    );
    expect(decidePushAction({ isSupported: true, permission: 'granted', wasDismissed: true })).toBe(
      'register',
    );
  });

  it('prompts once while permission is default, and not after "Not now"', () => {
    expect(decidePushAction({ isSupported: true, permission: 'default', wasDismissed: false })).toBe(
      'prompt',
    );
    expect(decidePushAction({ isSupported: true, permission: 'default', wasDismissed: true })).toBe('none');
  });

  it('disables when permission is denied', () => {
    expect(decidePushAction({ isSupported: true, permission: 'denied', wasDismissed: false })).toBe(
      'disable',
    );
  });

  it('does nothing where push or service workers are unsupported', () => {
    for (const permission of ['default', 'granted', 'denied'] as const) {
      expect(decidePushAction({ isSupported: false, permission, wasDismissed: false })).toBe('none');
    }
  });
});

describe('isPushWorkerUrl', () => {
  it('recognises only our push worker', () => {
    expect(isPushWorkerUrl('https://convene.example/push-sw.js')).toBe(true);
    expect(isPushWorkerUrl('/push-sw.js')).toBe(true);
    expect(isPushWorkerUrl('https://convene.example/sw.js')).toBe(false);
    expect(isPushWorkerUrl('https://convene.example/old/push-sw.js')).toBe(false);
    expect(isPushWorkerUrl('https://convene.example/service-worker.js')).toBe(false);
  });
});

describe('decodeVapidKey', () => {
  it('decodes URL-safe unpadded base64 into bytes', () => {
    const bytes = new Uint8Array([4, 251, 255, 0, 62, 63, 190]);
    const encoded = Buffer.from(bytes).toString('base64url');
    expect(encoded).toMatch(/[-_]/);
    expect([...decodeVapidKey(encoded)]).toEqual([...bytes]);
  });

  it('decodes a real 65-byte P-256 public key', () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const bytes = decodeVapidKey(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('isSameKey', () => {
  it('compares key bytes', () => {
    const key = new Uint8Array([1, 2, 3]);
    expect(isSameKey(new Uint8Array([1, 2, 3]).buffer, key)).toBe(true);
    expect(isSameKey(new Uint8Array([1, 2, 4]), key)).toBe(false);
    expect(isSameKey(new Uint8Array([1, 2]), key)).toBe(false);
    expect(isSameKey(null, key)).toBe(false);
  });
});
