import { describe, expect, it } from 'vitest';
import { loginBody, registerBody, resetPasswordBody, resetPasswordConfirmBody } from './auth.ts';
import { authMessages } from './authMessages.ts';

const valid = { name: 'Ana Pop', email: 'ana@example.com', password: 'secret', recaptchaCode: 'solved' };

function firstIssue(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), message: issue.message } : null;
}

describe('registerBody (PRODUCT.md §1.5)', () => {
  it('trims the name, lower-cases the e-mail and keeps the password as typed', () => {
    expect(registerBody.parse({ ...valid, name: '  Ana Pop ', email: ' Ana@Example.COM ' })).toEqual({
      ...valid,
      name: 'Ana Pop',
      email: 'ana@example.com',
    });
  });

  it.each([
    [{ name: undefined }, 'name', authMessages.nameRequired],
    [{ name: '   ' }, 'name', authMessages.nameRequired],
    [{ name: ' ab ' }, 'name', authMessages.nameTooShort],
    [{ name: 'abc' }, null, null],
    [{ name: 'a'.repeat(40) }, null, null],
    [{ name: 'a'.repeat(41) }, 'name', authMessages.nameTooLong],
    [{ email: '' }, 'email', authMessages.emailRequired],
    [{ email: 'ana@' }, 'email', authMessages.emailInvalid],
    [{ email: 'ana@example' }, 'email', authMessages.emailInvalid],
    [{ email: 'an a@example.com' }, 'email', authMessages.emailInvalid],
    [{ password: '' }, 'password', authMessages.passwordRequired],
    [{ password: '12345' }, 'password', authMessages.passwordTooShort],
    [{ password: '123456' }, null, null],
    [{ password: 'x'.repeat(30) }, null, null],
    [{ password: 'x'.repeat(31) }, 'password', authMessages.passwordTooLong],
    [{ password: ' 123456' }, 'password', authMessages.passwordSpaces],
    [{ password: '123456 ' }, 'password', authMessages.passwordSpaces],
    [{ password: '12 3456' }, null, null],
    [{ recaptchaCode: '' }, 'recaptchaCode', authMessages.recaptchaRequired],
  ])('%j → %s %s', (overrides, field, message) => {
    const result = registerBody.safeParse({ ...valid, ...overrides });
    expect(firstIssue(result)).toEqual(field ? { field, message } : null);
  });
});

describe('login and reset bodies', () => {
  it('login needs a valid e-mail and any non-empty password', () => {
    expect(loginBody.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(firstIssue(loginBody.safeParse({ email: 'a@b.co', password: '' }))).toEqual({
      field: 'password',
      message: authMessages.passwordRequired,
    });
  });

  it('reset needs a valid e-mail and the bot check; the new password follows the registration rules', () => {
    expect(firstIssue(resetPasswordBody.safeParse({ email: 'a@b.co', recaptchaCode: '' }))?.field).toBe(
      'recaptchaCode',
    );
    expect(firstIssue(resetPasswordConfirmBody.safeParse({ token: 't', password: ' spaced ' }))).toEqual({
      field: 'password',
      message: authMessages.passwordSpaces,
    });
  });
});
