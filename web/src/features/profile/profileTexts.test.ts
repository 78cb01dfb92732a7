import { mediaMessages, profileMessages } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import ro from '../../i18n/ro.json';
import { profileTextKeys } from './profileErrors.ts';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('profile and media texts', () => {
  it('translate every contract message and every text the profile screens show, in both languages', () => {
    const keys = [
      ...Object.values(profileMessages),
      ...Object.values(mediaMessages),
      ...Object.values(profileTextKeys),
      'media.errors.uploadFailed',
    ];
    for (const key of keys) {
      expect(lookup(en, key), key).toBeTruthy();
      expect(lookup(ro, key), key).toBeTruthy();
    }
  });

  it('use the texts of the spec where it gives them', () => {
    expect(lookup(en, profileTextKeys.reportDuplicate)).toBe(
      'You have already submitted a report for this user...',
    );
    expect(lookup(en, profileTextKeys.reportSuccess)).toMatch(
      /^Thank you.*investigation usually takes 24 hours or less/,
    );
    expect(lookup(en, profileTextKeys.generic)).toBe('Something went wrong!');
    expect(lookup(en, 'profile.dialog.blocked')).toBe('You cannot chat with a blocked user.');
    expect(lookup(en, 'profile.dialog.notRegistered')).toBe(
      'This person is not registered as a {{product}} user.',
    );
  });
});
