import { authMessages } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { checkLogin } from './loginValidation.ts';

describe('checkLogin', () => {
  it('names each empty field with its first message', () => {
    expect(checkLogin({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: authMessages.emailRequired, password: authMessages.passwordRequired },
    });
  });

  it('asks for a valid address and keeps the password right when it is', () => {
    expect(checkLogin({ email: 'not-an-address', password: 'x' })).toEqual({
      ok: false,
      errors: { email: authMessages.emailInvalid },
    });
  });

  it('gives the values the schema outputs (the e-mail trimmed)', () => {
    expect(checkLogin({ email: '  a@b.co ', password: 'secret' })).toEqual({
      ok: true,
      values: { email: 'a@b.co', password: 'secret' },
    });
  });
});
