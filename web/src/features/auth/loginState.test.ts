import { describe, expect, it } from 'vitest';
import { loginEmailFrom, loginStateFor } from './loginState.ts';

describe('the e-mail /login starts with', () => {
  it('is the one a reset passed along', () => {
    expect(loginEmailFrom(loginStateFor('ana@example.com'))).toBe('ana@example.com');
  });

  it('is empty for any other state', () => {
    for (const state of [null, undefined, 'ana@example.com', {}, { email: 3 }, { from: '/x' }]) {
      expect(loginEmailFrom(state)).toBe('');
    }
  });
});
