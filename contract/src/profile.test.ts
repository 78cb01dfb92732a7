import { describe, expect, it } from 'vitest';
import { mediaUrlPattern, uploadAuthoriseBody } from './media.ts';
import {
  changePasswordBody,
  changePasswordForm,
  isPhoneNumber,
  isTimezoneName,
  profileMessages as m,
  normalizeSocialLink,
  noteBody,
  profileUpdateBody,
  reportBody,
  timezoneBody,
} from './profile.ts';

function firstIssue(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), message: issue.message } : null;
}

const photo = `/media/photos/profile/${'a'.repeat(32)}/${'b'.repeat(32)}.jpg`;

describe('profileUpdateBody (PRODUCT.md §1.5)', () => {
  it.each([
    [{ name: undefined }, 'name', m.nameRequired],
    [{ name: '   ' }, 'name', m.nameRequired],
    [{ name: ' Al ' }, 'name', m.nameTooShort],
    [{ name: 'A'.repeat(41) }, 'name', m.nameTooLong],
    [{ name: 'Ana 2' }, 'name', m.nameInvalid],
    [{ name: '<b>Ana</b>' }, 'name', m.nameInvalid],
    [{ name: 'Ana\nPop' }, 'name', m.nameInvalid],
    [{ name: '-Ana' }, 'name', m.nameInvalid],
    [{ name: 'Ana-Maria Ștefănescu' }, null, null],
    [{ name: "O'Neil J. Pop" }, null, null],
    [{ name: 'Zoë Åström' }, null, null],
    [{ description: 'x'.repeat(301) }, 'description', m.descriptionTooLong],
    [{ description: `  ${'x'.repeat(300)}  ` }, null, null],
    [{ description: 'Hi <script>alert(1)</script>' }, 'description', m.descriptionInvalid],
    [{ description: 'null\u0000byte' }, 'description', m.descriptionInvalid],
    [{ description: 'I <3 maps, a < b > c\nline two' }, null, null],
    [{ description: 42 }, 'description', m.descriptionInvalid],
    [{ contact: { phoneNumber: 'call me' } }, 'contact.phoneNumber', m.phoneInvalid],
    [{ contact: { phoneNumber: '12345' } }, 'contact.phoneNumber', m.phoneInvalid],
    [{ contact: { phoneNumber: '+40 (721) 123-456' } }, null, null],
    [{ contact: { linkedIn: 'https://evil.example/in/ana' } }, 'contact.linkedIn', m.linkedInInvalid],
    [{ contact: { linkedIn: 'javascript:alert(1)' } }, 'contact.linkedIn', m.linkedInInvalid],
    [{ contact: { facebook: 'https://facebook.com.evil.example/x' } }, 'contact.facebook', m.facebookInvalid],
    [{ contact: { facebook: 'ana' } }, 'contact.facebook', m.facebookInvalid],
    [{ imageLink: 'https://elsewhere.example/a.jpg' }, 'imageLink', m.imageInvalid],
    [{ imageLink: photo }, null, null],
    [{ imageLink: null }, null, null],
  ])('%j → %s %s', (overrides, field, message) => {
    const result = profileUpdateBody.safeParse({ name: 'Ana Pop', ...overrides });
    expect(firstIssue(result)).toEqual(field ? { field, message } : null);
  });

  it('trims, clears empty fields to null and normalises social links to https urls', () => {
    const parsed = profileUpdateBody.parse({
      name: '  Ana Pop ',
      description: '   ',
      contact: { phoneNumber: '', linkedIn: 'linkedin.com/in/ana-pop', facebook: '@ana.pop' },
      privacy: { email: true },
    });
    expect(parsed).toEqual({
      name: 'Ana Pop',
      description: null,
      contact: {
        phoneNumber: null,
        linkedIn: 'https://linkedin.com/in/ana-pop',
        facebook: 'https://www.facebook.com/ana.pop',
      },
      privacy: { email: true },
    });
  });
});

describe('social links, phones and timezones', () => {
  it.each([
    ['linkedIn', 'ana-pop', 'https://www.linkedin.com/in/ana-pop'],
    ['linkedIn', 'https://ro.linkedin.com/in/ana', 'https://ro.linkedin.com/in/ana'],
    ['linkedIn', 'http://www.linkedin.com/in/ana?x=1', 'http://www.linkedin.com/in/ana?x=1'],
    ['linkedIn', 'https://linkedin.com/', null],
    ['linkedIn', 'https://user:pw@linkedin.com/in/ana', null],
    ['linkedIn', 'https://linkedin.com:8443/in/ana', null],
    ['linkedIn', 'ftp://linkedin.com/in/ana', null],
    ['linkedIn', 'https://notlinkedin.com/in/ana', null],
    ['linkedIn', 'a b', null],
    ['facebook', 'https://m.facebook.com/profile.php?id=4', 'https://m.facebook.com/profile.php?id=4'],
    ['facebook', 'fb.com/ana.pop', 'https://fb.com/ana.pop'],
    ['facebook', 'https://linkedin.com/in/ana', null],
    ['facebook', 'x'.repeat(201), null],
  ] as const)('%s %s → %s', (network, input, expected) => {
    expect(normalizeSocialLink(network, input)).toBe(expected);
  });

  it('accepts plausible international phone numbers only', () => {
    for (const phone of ['+40721123456', '0721 123 456', '(021) 312.45.67', '+1 415-555-0100'])
      expect(isPhoneNumber(phone), phone).toBe(true);
    for (const phone of ['+', '12345', '1'.repeat(16), '+40 721 abc', '++40721123456', '0721\n123456'])
      expect(isPhoneNumber(phone), phone).toBe(false);
  });

  it('knows IANA timezone names only', () => {
    expect(isTimezoneName('Europe/Bucharest')).toBe(true);
    expect(isTimezoneName('UTC')).toBe(true);
    expect(isTimezoneName('Mars/Olympus')).toBe(false);
    expect(firstIssue(timezoneBody.safeParse({ name: 'europe/bucharest' }))).toEqual({
      field: 'name',
      message: m.timezoneInvalid,
    });
  });
});

describe('password change, notes, reports and uploads', () => {
  it.each([
    [{ oldPassword: '' }, 'oldPassword', m.requiredField],
    [{ newPassword: undefined }, 'newPassword', m.requiredField],
    [{ newPassword: '12345' }, 'newPassword', m.passwordTooShort],
    [{ newPassword: 'x'.repeat(31) }, 'newPassword', m.passwordTooLong],
    [{ newPassword: ' secret1' }, 'newPassword', m.passwordSpaces],
    [{ oldPassword: 'old', newPassword: 'new pass' }, null, null],
  ])('changePasswordBody %j → %s %s', (overrides, field, message) => {
    const result = changePasswordBody.safeParse({
      oldPassword: 'old-pass',
      newPassword: 'new-pass',
      ...overrides,
    });
    expect(firstIssue(result)).toEqual(field ? { field, message } : null);
  });

  it('the dialog form requires the confirmation to match', () => {
    const form = { oldPassword: 'old-pass', newPassword: 'new-pass', confirmedPassword: 'new-pasS' };
    expect(firstIssue(changePasswordForm.safeParse(form))).toEqual({
      field: 'confirmedPassword',
      message: m.diffConfirmedPassword,
    });
    expect(changePasswordForm.safeParse({ ...form, confirmedPassword: 'new-pass' }).success).toBe(true);
  });

  it('notes: at most 2000 characters, trimmed, no control characters; empty clears', () => {
    expect(noteBody.parse({ note: '  hello \n' })).toEqual({ note: 'hello' });
    expect(noteBody.parse({ note: '' })).toEqual({ note: '' });
    expect(firstIssue(noteBody.safeParse({ note: 'x'.repeat(2001) }))?.message).toBe(m.noteTooLong);
    expect(firstIssue(noteBody.safeParse({ note: 'a\u0000b' }))?.message).toBe(m.textInvalid);
    expect(firstIssue(noteBody.safeParse({}))?.message).toBe(m.requiredField);
  });

  it('reports: the reason is trimmed, 1 to 1000 characters', () => {
    expect(reportBody.parse({ reason: '  spam  ' })).toEqual({ reason: 'spam' });
    expect(firstIssue(reportBody.safeParse({ reason: '   ' }))?.message).toBe(m.reasonRequired);
    expect(firstIssue(reportBody.safeParse({ reason: 'x'.repeat(1001) }))?.message).toBe(m.reasonTooLong);
  });

  it('uploads: png or jpeg up to 20,000,000 bytes', () => {
    const body = { fileName: 'me.png', contentType: 'image/png', size: 20_000_000, purpose: 'profile' };
    expect(uploadAuthoriseBody.safeParse(body).success).toBe(true);
    expect(firstIssue(uploadAuthoriseBody.safeParse({ ...body, size: 20_000_001 }))?.field).toBe('size');
    expect(firstIssue(uploadAuthoriseBody.safeParse({ ...body, contentType: 'image/svg+xml' }))?.field).toBe(
      'contentType',
    );
    expect(mediaUrlPattern.test(photo)).toBe(true);
    expect(mediaUrlPattern.test('/media/photos/profile/../../etc/passwd')).toBe(false);
  });
});
