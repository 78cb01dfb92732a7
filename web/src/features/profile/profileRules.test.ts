import type { Account } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import {
  markOpenedHere,
  readProfileDialogUser,
  wasOpenedHere,
  withProfileDialogUser,
} from './profileDialogParam.ts';
import { passwordChangeState, profileFormValues } from './profileRules.ts';

const account: Account = {
  userId: 'u1',
  name: 'Ana Pop',
  email: 'ana@example.com',
  imageLink: null,
  description: null,
  contact: { phoneNumber: '+40 721 123 456', linkedIn: null, facebook: null },
  privacy: { email: true, phoneNumber: false, linkedIn: false, facebook: true },
  permissions: { canCreateChat: true },
  isConfirmed: true,
  status: 'active',
  socialId: null,
  hasUpdatedProfile: false,
};

describe('passwordChangeState', () => {
  it('hides the action for social accounts, disables it until the e-mail is verified', () => {
    expect(passwordChangeState({ socialId: 'google-1', status: 'active' })).toBe('hidden');
    expect(passwordChangeState({ socialId: null, status: 'pending' })).toBe('needsVerification');
    expect(passwordChangeState({ socialId: null, status: 'active' })).toBe('enabled');
  });
});

describe('profileFormValues', () => {
  it('fills the form from the account with empty text for missing fields', () => {
    expect(profileFormValues(account)).toEqual({
      name: 'Ana Pop',
      description: '',
      contact: { phoneNumber: '+40 721 123 456', linkedIn: '', facebook: '' },
      privacy: { email: true, phoneNumber: false, linkedIn: false, facebook: true },
    });
  });
});

describe('the profile dialog parameter', () => {
  it('adds and removes ?person, keeping other parameters', () => {
    expect(withProfileDialogUser('?tab=people', 'u2')).toBe('?tab=people&person=u2');
    expect(readProfileDialogUser('?tab=people&person=u2')).toBe('u2');
    expect(withProfileDialogUser('?tab=people&person=u2', null)).toBe('?tab=people');
    expect(withProfileDialogUser('?person=u2', null)).toBe('');
    expect(readProfileDialogUser('?person=')).toBeNull();
  });

  it('marks a dialog opened in the app, keeping the screen state', () => {
    const state = markOpenedHere({ from: '/calendars', calendarId: 'c1' });
    expect(state).toMatchObject({ from: '/calendars', calendarId: 'c1' });
    expect(wasOpenedHere(state)).toBe(true);
    expect(wasOpenedHere(null)).toBe(false);
    expect(wasOpenedHere({ from: '/calendars' })).toBe(false);
  });
});
