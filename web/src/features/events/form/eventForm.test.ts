import { toSubmittedDates } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import {
  allowedEditScopes,
  attachmentsBesideDescription,
  eventFormDates,
  eventFormSchema,
  eventFormValuesFrom,
  formFieldOf,
  needsEditScope,
  newEventFormValues,
} from './eventForm.ts';
import { toPickerValue } from './eventFormDates.ts';
import { buildEvent } from './eventFormFixtures.ts';

const firstMessage = (values: unknown) => {
  const result = eventFormSchema.safeParse(values);
  return result.success
    ? null
    : { path: result.error.issues[0]?.path, message: result.error.issues[0]?.message };
};

describe('event form values', () => {
  it('starts a new event at the next full hour for an hour, in the given calendar and name', () => {
    const values = newEventFormValues({
      now: Date.parse('2030-07-01T07:20:00.000Z'),
      timeZone: 'Europe/Bucharest',
      calendarId: 'me',
      name: 'Ana meets Ion',
    });
    expect(values).toMatchObject({
      calendarId: 'me',
      name: 'Ana meets Ion',
      description: '',
      repeatingRule: null,
      reminder: null,
      attachments: [],
      dates: {
        isAllDay: false,
        startDate: '2030-07-01T08:00:00.000Z',
        endDate: '2030-07-01T09:00:00.000Z',
        startTimezone: 'Europe/Bucharest',
      },
    });
  });

  it('reads an edited event: its originating calendar, description apart from the other attachments', () => {
    const values = eventFormValuesFrom(buildEvent());
    expect(values).toMatchObject({
      calendarId: 'team',
      description: 'Agenda',
      reminder: 900,
      location: { name: 'Hall', address: 'Main St 1', coordinates: '44.43,26.1' },
      attachments: [{ type: 'video', data: { url: 'https://youtu.be/dQw4w9WgXcQ' } }],
    });
    expect(eventFormValuesFrom(buildEvent({ description: null, attachments: [] })).description).toBe('');
  });

  it('leaves out only the first text attachment', () => {
    expect(
      attachmentsBesideDescription([
        { type: 'image', data: { url: 'https://example.com/a.png' } },
        { type: 'text', data: { text: 'first' } },
        { type: 'text', data: { text: 'second' } },
      ]),
    ).toEqual([
      { type: 'image', data: { url: 'https://example.com/a.png' } },
      { type: 'text', data: { text: 'second' } },
    ]);
  });
});

describe('edited dates', () => {
  it('keeps a timed event as it is', () => {
    expect(eventFormDates(buildEvent()).startDate).toBe('2030-07-01T07:00:00.000Z');
  });

  it('shows an all-day event on its GMT days in any zone, and submits the same days', () => {
    for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
      const dates = eventFormDates(
        buildEvent({
          isAllDay: true,
          startDate: '2030-05-10T00:00:00.000Z',
          endDate: '2030-05-11T23:59:59.999Z',
          startTimezone: zone,
          endTimezone: zone,
        }),
      );
      expect(toPickerValue(dates.startDate, zone).date).toBe('2030-05-10');
      expect(toPickerValue(dates.endDate, zone).date).toBe('2030-05-11');
      expect(toSubmittedDates(dates)).toMatchObject({
        startDate: '2030-05-10T00:00:00.000Z',
        endDate: '2030-05-11T23:59:59.999Z',
      });
    }
  });
});

describe('event form checks', () => {
  const valid = newEventFormValues({ now: 0, timeZone: 'UTC', calendarId: 'me', name: 'Lunch' });

  it('accepts a valid form with no description', () => {
    expect(firstMessage(valid)).toBeNull();
  });

  it('answers the contract keys for the name and description', () => {
    expect(firstMessage({ ...valid, name: '' })).toEqual({
      path: ['name'],
      message: 'event.errors.nameRequired',
    });
    expect(firstMessage({ ...valid, name: 'ab' })).toEqual({
      path: ['name'],
      message: 'event.errors.nameLength',
    });
    expect(firstMessage({ ...valid, name: ' Lunch' })).toEqual({
      path: ['name'],
      message: 'event.errors.nameInvalid',
    });
    expect(firstMessage({ ...valid, description: '   ' })).toEqual({
      path: ['description'],
      message: 'event.errors.descriptionInvalid',
    });
    expect(firstMessage({ ...valid, calendarId: '' })).toEqual({
      path: ['calendarId'],
      message: 'eventForm.errors.calendarRequired',
    });
  });

  it('refuses to save an end typed before the start, naming the dates', () => {
    const early = { ...valid.dates, endDate: valid.dates.startDate };
    expect(firstMessage({ ...valid, dates: early })).toEqual({
      path: ['dates'],
      message: 'event.errors.endBeforeStart',
    });
  });

  it('keeps a bad pin or a bad attachment from being sent', () => {
    const place = { name: 'Park', address: null };
    expect(firstMessage({ ...valid, location: { ...place, coordinates: '44.4,26.1' } })).toBeNull();
    expect(firstMessage({ ...valid, location: { ...place, coordinates: '95,26.1' } })).toEqual({
      path: ['location', 'coordinates'],
      message: 'event.errors.coordinatesInvalid',
    });
    const video = (url: string) => ({ type: 'video', data: { url } });
    expect(firstMessage({ ...valid, attachments: [video('https://youtu.be/abc')] })).toBeNull();
    expect(firstMessage({ ...valid, attachments: [video('https://example.com/v.mp4')] })?.message).toBe(
      'event.errors.videoLinkInvalid',
    );
    const many = Array.from({ length: 20 }, () => video('https://youtu.be/abc'));
    expect(firstMessage({ ...valid, attachments: many })?.path).toEqual(['attachments']);
  });
});

describe('edit scope', () => {
  it('is asked for an occurrence only', () => {
    expect(needsEditScope(buildEvent({ parentId: 's1' }))).toBe(true);
    expect(needsEditScope(buildEvent({ repeatingRule: 'FREQ=DAILY' }))).toBe(false);
    expect(needsEditScope(null)).toBe(false);
  });

  it('offers every scope, not "this" for a new rule, only "all" for another calendar', () => {
    const initial = eventFormValuesFrom(buildEvent({ parentId: 's1', repeatingRule: 'FREQ=DAILY' }));
    expect(allowedEditScopes({ ...initial, name: 'Other' }, initial)).toEqual(['this', 'following', 'all']);
    expect(allowedEditScopes({ ...initial, repeatingRule: 'FREQ=WEEKLY' }, initial)).toEqual([
      'following',
      'all',
    ]);
    expect(allowedEditScopes({ ...initial, calendarId: 'other' }, initial)).toEqual(['all']);
  });
});

describe('API field errors', () => {
  it('land on the form field they belong to', () => {
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('endDate')).toBe('dates');
    expect(formFieldOf('startTimezone')).toBe('dates');
    expect(formFieldOf('repeatingRule')).toBe('repeatingRule');
    expect(formFieldOf('calendarId')).toBe('calendarId');
    expect(formFieldOf('attachments.0.data.url')).toBeNull();
    expect(formFieldOf(null)).toBeNull();
  });
});
