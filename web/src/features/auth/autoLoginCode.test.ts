import { describe, expect, it } from 'vitest';
import { autoLoginCodeFromPath } from './autoLoginCode.ts';

describe('autoLoginCodeFromPath', () => {
  it('reads the code after auto-login/', () => {
    expect(autoLoginCodeFromPath('/auto-login/abc123')).toBe('abc123');
  });

  it('accepts any path containing auto-login', () => {
    expect(autoLoginCodeFromPath('/classic/auto-login/xyz/extra')).toBe('xyz');
  });

  it('decodes an encoded code', () => {
    expect(autoLoginCodeFromPath('/auto-login/a%2Bb')).toBe('a+b');
  });

  it('is null without a code or with a broken encoding', () => {
    expect(autoLoginCodeFromPath('/auto-login/')).toBeNull();
    expect(autoLoginCodeFromPath('/auto-login')).toBeNull();
    expect(autoLoginCodeFromPath('/auto-login/%E0%A4%A')).toBeNull();
  });
});
