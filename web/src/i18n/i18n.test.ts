import {
  attachmentMessages,
  authMessages,
  eventMessages,
  repeatingRuleInvalid,
  rsvpLabelKeys,
} from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { navItems } from '../app/navItems.ts';
import { authErrorKeys } from '../features/auth/authErrors.ts';
import en from './en.json';
import ro from './ro.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a translation tree as [dotted key, text]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

const enTexts = new Map(leaves(en));
const roTexts = new Map(leaves(ro));
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((match) => match[1]).sort();

/** Keys whose Romanian text is rightly the same as the English one. */
const sameInBothLanguages = new Set([
  'app.pageTitle',
  'navigator.chat',
  'navigator.feedbackSubject',
  'navigator.short.chat',
  'pages.calendarDetail',
  'pages.chat',
  'auth.fields.email',
  'chat.conversation.announce',
]);

describe('translations', () => {
  it('en and ro have the same keys', () => {
    expect([...roTexts.keys()].sort()).toEqual([...enTexts.keys()].sort());
  });

  it('no text is empty', () => {
    for (const [key, text] of [...enTexts, ...roTexts]) expect(text.trim(), key).not.toBe('');
  });

  it('each Romanian text uses the same placeholders and tags as the English one', () => {
    for (const [key, text] of enTexts) {
      const romanian = roTexts.get(key) ?? '';
      expect(placeholders(romanian), key).toEqual(placeholders(text));
      expect(tags(romanian), key).toEqual(tags(text));
    }
  });

  it('Romanian texts are translated, with comma-below ș and ț (never the cedilla forms)', () => {
    for (const [key, text] of roTexts) {
      if (!sameInBothLanguages.has(key)) expect(text, key).not.toBe(enTexts.get(key));
      expect(text, key).not.toMatch(/[şţŞŢ]/);
    }
    expect([...roTexts.values()].join(' ')).toMatch(/[ăâîșț]/);
  });

  it('every validation message of the contract is translated', () => {
    for (const key of Object.values(authMessages)) {
      expect(enTexts.has(key), key).toBe(true);
      expect(roTexts.has(key), key).toBe(true);
    }
  });

  it('every event validation message and RSVP label of the contract is translated', () => {
    for (const key of [
      ...Object.values(eventMessages),
      ...Object.values(attachmentMessages),
      'event.errors.widgetInvalid',
      repeatingRuleInvalid,
      ...Object.values(rsvpLabelKeys),
    ]) {
      expect(enTexts.has(key), key).toBe(true);
      expect(roTexts.has(key), key).toBe(true);
    }
  });

  it('every API error text the auth screens show is translated', () => {
    for (const key of Object.values(authErrorKeys)) {
      expect(enTexts.has(key), key).toBe(true);
      expect(roTexts.has(key), key).toBe(true);
    }
  });

  it('the spec texts of the error catalogue are the English ones', () => {
    expect(enTexts.get(authErrorKeys.emailNotFound)).toBe(
      'There is no account associated with this email address.',
    );
    expect(enTexts.get(authErrorKeys.wrongPassword)).toBe(
      'The email and password combination you entered is not right.',
    );
    expect(enTexts.get(authErrorKeys.accountDeleted)).toBe(
      'The account associated with this email address has been deleted!',
    );
    expect(enTexts.get(authErrorKeys.emailInUse)).toBe(
      'The specified email address is already in use. Please use another.',
    );
    expect(enTexts.get(authErrorKeys.authFailed)).toBe('Authentication failed.');
    expect(enTexts.get(authErrorKeys.userNotFound)).toBe('User not found');
    expect(enTexts.get(authErrorKeys.recaptchaRequired)).toBe('Please validate the recaptcha!');
    expect(enTexts.get(authErrorKeys.recaptchaInvalid)).toBe(
      'Something went wrong with the validation, please try again.',
    );
    expect(enTexts.get('auth.reset.success')).toBe('Check your email inbox for further instructions!');
    expect(enTexts.get('notFound.title')).toBe('Nope.');
  });

  it('every navigation entry has its navigator.{title} label', () => {
    for (const item of navItems) {
      expect(enTexts.has(`navigator.${item.title}`), item.title).toBe(true);
    }
    expect(enTexts.get('navigator.calendars')).toBe('My Calendars');
    expect(enTexts.get('navigator.events')).toBe('My events');
  });
});
