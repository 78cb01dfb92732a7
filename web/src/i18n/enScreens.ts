import type i18n from 'i18next';
// A second import path of en.json (enSignedIn.d.ts types it): a module of its own, so the build
// keeps in it only the keys named here, apart from the first page's (app/i18n.ts) and the
// shell's (app/i18nSignedIn.ts).
import {
  activity,
  chat,
  event,
  eventDetails,
  eventExtras,
  eventForm,
  eventList,
  imageCropper,
  inviteUsers,
  media,
  profile,
  rsvp,
  streams,
  unsavedChanges,
} from './en.json?screens';

/**
 * The English texts of the signed-in screens beyond the shell and the calendars list. Every
 * top-level key of en.json is in exactly one of firstPageTexts, signedInTexts and these:
 * app/i18nParts.test.ts checks it.
 */
export const screenTexts = {
  activity,
  chat,
  event,
  eventDetails,
  eventExtras,
  eventForm,
  eventList,
  imageCropper,
  inviteUsers,
  media,
  profile,
  rsvp,
  streams,
  unsavedChanges,
};

/** Adds the screens' English texts to `instance` (deep, keeping what is there). */
export function addScreenTexts(instance: typeof i18n): void {
  instance.addResourceBundle('en', 'translation', screenTexts, true, false);
}
