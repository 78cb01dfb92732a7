import { profileMessages } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError.ts';
import { changePasswordOutcome, profileSaveError, profileTextKeys, reportOutcome } from './profileErrors.ts';

const answered = (status: number, code: ApiError['code'] = null, field: string | null = null, message = '') =>
  new ApiError(status, code, field, message);

describe('changePasswordOutcome (PRODUCT.md §1.8)', () => {
  it('puts a 400 on the current password as invalidCurrentPassword', () => {
    expect(changePasswordOutcome(answered(400, 'INVALID_CURRENT_PASSWORD', 'oldPassword'))).toEqual({
      field: 'oldPassword',
      key: profileTextKeys.invalidCurrentPassword,
    });
  });

  it("keeps the contract's message on the new password when the server refuses it", () => {
    const error = answered(400, 'VALIDATION', 'newPassword', profileMessages.passwordSpaces);
    expect(changePasswordOutcome(error)).toEqual({
      field: 'newPassword',
      key: profileMessages.passwordSpaces,
    });
  });

  it('puts 500 and above on the confirmed password as serverError', () => {
    for (const status of [500, 502, 503]) {
      expect(changePasswordOutcome(answered(status))).toEqual({
        field: 'confirmedPassword',
        key: profileTextKeys.serverError,
      });
    }
  });

  it('says somethingWrong for anything else', () => {
    for (const error of [
      answered(403, 'FORBIDDEN'),
      answered(429, 'RATE_LIMITED'),
      new TypeError('offline'),
    ]) {
      expect(changePasswordOutcome(error)).toEqual({ field: null, key: profileTextKeys.somethingWrong });
    }
  });
});

describe('reportOutcome (PRODUCT.md §1.8)', () => {
  it('thanks on 201, says already reported on 429 and something went wrong otherwise', () => {
    expect(reportOutcome(201)).toEqual({ severity: 'success', key: profileTextKeys.reportSuccess });
    expect(reportOutcome(429)).toEqual({ severity: 'error', key: profileTextKeys.reportDuplicate });
    for (const status of [400, 404, 500, null]) {
      expect(reportOutcome(status)).toEqual({ severity: 'error', key: 'errors.generic' });
    }
  });
});

describe('profileSaveError', () => {
  it("maps a server 400 to the field it names, with the contract's message", () => {
    expect(
      profileSaveError(answered(400, 'VALIDATION', 'contact.phoneNumber', profileMessages.phoneInvalid)),
    ).toEqual({ field: 'contact.phoneNumber', key: profileMessages.phoneInvalid });
    expect(profileSaveError(answered(400, 'VALIDATION', 'name', profileMessages.nameInvalid))).toEqual({
      field: 'name',
      key: profileMessages.nameInvalid,
    });
  });

  it('says a refused photo, offline or other failures outside the fields', () => {
    expect(profileSaveError(answered(400, 'VALIDATION', 'imageLink', profileMessages.imageInvalid))).toEqual({
      field: null,
      key: profileMessages.imageInvalid,
    });
    expect(profileSaveError(new TypeError('offline'))).toEqual({ field: null, key: 'errors.network' });
    expect(profileSaveError(answered(500, 'INTERNAL'))).toEqual({ field: null, key: 'errors.generic' });
  });
});
