import { notificationTypes } from '@convene/contract';
import i18next, { type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import ro from '../../i18n/ro.json';
import {
  type FallbackNames,
  notificationSegments,
  notificationTextKey,
  type Translate,
} from './notificationText.ts';
import { buildNotification } from './testNotifications.ts';

const languages = ['en', 'ro'] as const;
const instances = new Map<string, i18n>();

beforeAll(async () => {
  for (const language of languages) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      resources: { en: { translation: en }, ro: { translation: ro } },
      interpolation: { escapeValue: false },
    });
    instances.set(language, instance);
  }
});

function textFor(language: string, notification = buildNotification()) {
  const instance = instances.get(language);
  if (!instance) throw new Error(language);
  const translate: Translate = (key, values) => instance.t(key, values);
  const fallback: FallbackNames = {
    someone: instance.t('activity.names.someone'),
    event: instance.t('activity.names.event'),
    calendar: instance.t('activity.names.calendar'),
    role: (role) => instance.t(`calendar.roles.${role}`),
  };
  const segments = notificationSegments(notification, translate, fallback);
  return { segments, text: segments.map((segment) => segment.text).join(''), instance };
}

describe('notification texts', () => {
  it.each(notificationTypes.flatMap((type) => languages.map((language) => [type, language] as const)))(
    '%s has its own text in %s, naming the sender and what it is about',
    (type, language) => {
      const notification = buildNotification({ notificationType: type });
      const key = notificationTextKey(notification);
      const { text, segments, instance } = textFor(language, notification);
      expect(instance.exists(key, { lng: language, fallbackLng: false })).toBe(true);
      expect(text.startsWith('Ana Pop ')).toBe(true);
      expect(text).not.toMatch(/{{|}}|undefined|null/);
      expect(
        segments
          .filter((segment) => !segment.isName)
          .map((segment) => segment.text)
          .join('')
          .trim(),
      ).not.toBe('');
      const mentions = ['Board meeting', 'Team', 'Ion Ionescu'].filter((name) => text.includes(name));
      if (type !== 'organizationAdd') {
        expect(mentions.length, text).toBeGreaterThan(0);
      }
    },
  );

  it('every type reads differently in English and Romanian', () => {
    for (const type of notificationTypes) {
      const notification = buildNotification({ notificationType: type });
      expect(textFor('ro', notification).text, type).not.toBe(textFor('en', notification).text);
    }
  });

  it('each type has a sentence of its own', () => {
    const sentences = notificationTypes.map(
      (type) => textFor('en', buildNotification({ notificationType: type })).text,
    );
    expect(new Set(sentences).size).toBe(notificationTypes.length);
  });

  it('names are kept apart from the words, so they are never read as markup or placeholders', () => {
    const notification = buildNotification({
      notificationType: 'shareCalendar',
      sender: { userId: 'u9', name: '<b>{{event}}</b>', imageLink: null },
    });
    const { segments } = textFor('en', notification);
    expect(segments).toEqual([
      { text: '<b>{{event}}</b>', isName: true, slot: 'sender' },
      { text: ' invited you to the calendar ', isName: false },
      { text: 'Team', isName: true, slot: 'calendar' },
    ]);
  });

  it('shareEventInfo names the invitee when the payload has one', () => {
    const withTarget = buildNotification({ notificationType: 'shareEventInfo' });
    expect(textFor('en', withTarget).text).toBe('Ana Pop invited Ion Ionescu to Board meeting');
    const withoutTarget = buildNotification({
      notificationType: 'shareEventInfo',
      payload: { ...withTarget.payload, target: null },
    });
    expect(textFor('en', withoutTarget).text).toBe('Ana Pop shared the event Board meeting with you');
    expect(textFor('ro', withoutTarget).text).toBe('Ana Pop ți-a trimis evenimentul Board meeting');
  });

  it('a calendar change that is the recipient’s new role says the role, in bold like a name', () => {
    const base = buildNotification({ notificationType: 'calendarChanged', event: null });
    const roleChange = {
      ...base,
      payload: { ...base.payload, changes: { role: 'manager' } },
      details: 'manager',
    };
    expect(notificationTextKey(roleChange)).toBe('activity.types.calendarRoleChanged');
    expect(textFor('en', roleChange).text).toBe('Ana Pop changed your role in the calendar Team to Manager');
    expect(textFor('ro', roleChange).text).toBe(
      'Ana Pop ți-a schimbat rolul în calendarul Team: acum ești Coordonator',
    );
    expect(textFor('en', roleChange).segments.at(-1)).toEqual({
      text: 'Manager',
      isName: true,
      slot: 'role',
    });
    // Any other change of the calendar, or a role that is not one a member can be given, reads as before.
    const edit = { ...base, payload: { ...base.payload, changes: { name: 'Team 2' } } };
    expect(textFor('en', edit).text).toBe('Ana Pop changed the calendar Team');
    const odd = { ...base, payload: { ...base.payload, changes: { role: 'owner' } } };
    expect(notificationTextKey(odd)).toBe('activity.types.calendarChanged');
  });

  it('the ownership sentences say who is the owner now and that the old owner is an admin', () => {
    const texts = (
      type:
        | 'shareCalendarOwnerChange'
        | 'shareCalendarOwnerRejected'
        | 'shareCalendarCancelOwnerChange'
        | 'shareCalendarNotifyOwner',
    ) => textFor('en', buildNotification({ notificationType: type, event: null })).text;
    expect(texts('shareCalendarOwnerChange')).toBe(
      'Ana Pop wants to make you the owner of the calendar Team',
    );
    expect(texts('shareCalendarOwnerRejected')).toBe(
      'Ana Pop declined to become the owner of the calendar Team',
    );
    expect(texts('shareCalendarCancelOwnerChange')).toBe(
      'Ana Pop cancelled the ownership transfer of the calendar Team',
    );
    expect(texts('shareCalendarNotifyOwner')).toBe(
      'Ana Pop is now the owner of the calendar Team, and you are an admin',
    );
    expect(textFor('ro', buildNotification({ notificationType: 'shareCalendarNotifyOwner' })).text).toBe(
      'Ana Pop este acum proprietarul calendarului Team, iar tu ești administrator',
    );
  });

  it.each([
    ['attending', 'Ana Pop is going to Board meeting', 'Ana Pop participă la Board meeting'],
    ['notAttending', 'Ana Pop is not going to Board meeting', 'Ana Pop nu participă la Board meeting'],
    [
      'none',
      'Ana Pop is in the loop for Board meeting',
      'Ana Pop a ales „Ținut la curent” pentru Board meeting',
    ],
  ])('an RSVP change to %s says the answer', (rsvp, english, romanian) => {
    const base = buildNotification({ notificationType: 'rsvpUpdate' });
    const answered = buildNotification({
      notificationType: 'rsvpUpdate',
      payload: { ...base.payload, changes: { rsvp } },
    });
    expect(textFor('en', answered).text).toBe(english);
    expect(textFor('ro', answered).text).toBe(romanian);
    expect(textFor('en', answered).segments.filter((segment) => segment.isName)).toEqual([
      { text: 'Ana Pop', isName: true, slot: 'sender' },
      { text: 'Board meeting', isName: true, slot: 'event' },
    ]);
  });

  it('an RSVP change without an answer it can say keeps the general sentence', () => {
    const base = buildNotification({ notificationType: 'rsvpUpdate' });
    for (const changes of [null, { rsvp: 'pending' }, { attendance: 'present' }, { rsvp: '<b>x</b>' }]) {
      const notification = buildNotification({
        notificationType: 'rsvpUpdate',
        payload: { ...base.payload, changes },
      });
      expect(textFor('en', notification).text).toBe('Ana Pop updated their answer to Board meeting');
    }
  });

  it('falls back to the invitee e-mail, the initiator and "Someone" when names are missing', () => {
    const base = buildNotification({ notificationType: 'shareEventInfo' });
    const noTargetName = buildNotification({
      notificationType: 'shareEventInfo',
      payload: { ...base.payload, target: { email: 'ion@example.com' } },
    });
    expect(textFor('en', noTargetName).text).toBe('Ana Pop invited ion@example.com to Board meeting');
    const noSender = buildNotification({
      notificationType: 'calendarDeleted',
      sender: null,
      initiator: null,
    });
    expect(textFor('en', noSender).text).toBe('Someone deleted the calendar Team');
    expect(textFor('ro', noSender).text).toBe('Cineva a șters calendarul Team');
  });
});
