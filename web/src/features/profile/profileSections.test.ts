import type { UserProfile } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { phoneHref, profileSections, socialHref, socialLabel } from './profileSections.ts';

const hidden: UserProfile = {
  userId: 'u1',
  name: 'Ana Pop',
  imageLink: null,
  description: null,
  email: null,
  contact: { phoneNumber: null, linkedIn: null, facebook: null },
  note: '',
  isBlocked: false,
};

describe('profileSections', () => {
  it('shows nothing of a profile that shares nothing', () => {
    expect(Object.values(profileSections(hidden)).some(Boolean)).toBe(false);
  });

  it('shows each section only when something in it is filled (and so allowed)', () => {
    const withEmail = profileSections({ ...hidden, email: 'ana@example.com' });
    expect(withEmail).toMatchObject({
      details: true,
      email: true,
      phone: false,
      social: false,
      about: false,
    });
    const withFacebook = profileSections({
      ...hidden,
      contact: { ...hidden.contact, facebook: 'https://www.facebook.com/ana.pop' },
    });
    expect(withFacebook).toMatchObject({ social: true, facebook: true, linkedIn: false, details: false });
    expect(profileSections({ ...hidden, description: 'Hello', note: 'met at the fair' })).toMatchObject({
      about: true,
      note: true,
    });
  });

  it('treats blank text as empty', () => {
    expect(profileSections({ ...hidden, description: '   ', note: ' ' })).toMatchObject({
      about: false,
      note: false,
    });
  });
});

describe('links', () => {
  it('dials a phone number without its formatting', () => {
    expect(phoneHref('+40 (721) 123-456')).toBe('tel:+40721123456');
  });

  it('links only http(s) social profiles', () => {
    expect(socialHref('https://www.linkedin.com/in/ana-pop')).toBe('https://www.linkedin.com/in/ana-pop');
    expect(socialHref('javascript:alert(1)')).toBeNull();
    expect(socialHref('not a url')).toBeNull();
  });

  it('shortens a profile url for display', () => {
    expect(socialLabel('https://www.facebook.com/ana.pop/')).toBe('facebook.com/ana.pop');
  });
});
