import type { UserProfile } from '@convene/contract';

/** What the other user's profile dialog shows: each section only when it has something in it. */
export interface ProfileSections {
  /** The viewer's private note (view mode; the Notes button edits it either way). */
  note: boolean;
  about: boolean;
  /** User details: e-mail and phone. */
  details: boolean;
  email: boolean;
  phone: boolean;
  /** Social profiles: LinkedIn and Facebook. */
  social: boolean;
  linkedIn: boolean;
  facebook: boolean;
}

const isFilled = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * Which sections of another user's profile show (PRODUCT.md §1.2): only filled ones. The server
 * already leaves out what the user's privacy switches hide, so a hidden field arrives as null.
 */
export function profileSections(profile: UserProfile): ProfileSections {
  const email = isFilled(profile.email);
  const phone = isFilled(profile.contact.phoneNumber);
  const linkedIn = isFilled(profile.contact.linkedIn);
  const facebook = isFilled(profile.contact.facebook);
  return {
    note: isFilled(profile.note),
    about: isFilled(profile.description),
    details: email || phone,
    email,
    phone,
    social: linkedIn || facebook,
    linkedIn,
    facebook,
  };
}

/** A tel: link for a phone number as typed (spaces, dots and brackets dropped). */
export function phoneHref(phoneNumber: string): string {
  return `tel:${phoneNumber.replace(/[^\d+]/g, '')}`;
}

/**
 * The href of a stored social profile: only http(s) urls (the server stores normalised https
 * links; anything else is not linked, so a stored value can never run script).
 */
export function socialHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A social profile url shortened for display: host without www, then the path. */
export function socialLabel(value: string): string {
  try {
    const url = new URL(value);
    const path = url.pathname.replace(/\/$/, '');
    return `${url.hostname.replace(/^www\./, '')}${path}`;
  } catch {
    return value;
  }
}
