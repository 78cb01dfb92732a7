import { createEventBody, updateEventBody } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { eventFormValuesFrom, newEventFormValues } from './eventForm.ts';
import {
  descriptionBody,
  pathAfterSave,
  remindersBody,
  toCreateEventBody,
  toUpdateEventBody,
} from './eventFormBody.ts';
import { buildEvent } from './eventFormFixtures.ts';

const video = { type: 'video', data: { url: 'https://youtu.be/dQw4w9WgXcQ' } } as const;

describe('description and attachments', () => {
  it('sends the description as the field and as the first text attachment', () => {
    expect(descriptionBody('Agenda', [video])).toEqual({
      description: 'Agenda',
      attachments: [{ type: 'text', data: { text: 'Agenda' } }, video],
    });
  });

  it('leaves the field out when there is none, so the attachments stay as sent', () => {
    expect(descriptionBody('', [video])).toEqual({ attachments: [video] });
  });
});

describe('reminders', () => {
  it('replaces the first reminder and keeps any others', () => {
    expect(remindersBody(600)).toEqual([{ fireInterval: 600 }]);
    expect(remindersBody(null)).toEqual([]);
    expect(remindersBody(600, [{ fireInterval: 900 }, { fireInterval: 60 }])).toEqual([
      { fireInterval: 600 },
      { fireInterval: 60 },
    ]);
    expect(remindersBody(null, [{ fireInterval: 900 }, { fireInterval: 60 }])).toEqual([
      { fireInterval: 60 },
    ]);
  });
});

describe('create body', () => {
  it('is what the contract accepts, with the rule, zones and description', () => {
    const values = {
      ...newEventFormValues({ now: Date.parse('2030-07-01T07:20:00Z'), timeZone: 'UTC', calendarId: 'me' }),
      name: 'Weekly',
      description: 'Notes',
      repeatingRule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5',
      reminder: 900,
    };
    values.dates = { ...values.dates, startTimezone: 'Europe/Bucharest', endTimezone: 'Europe/Bucharest' };
    const body = toCreateEventBody(values);
    expect(body).toMatchObject({
      calendarId: 'me',
      name: 'Weekly',
      description: 'Notes',
      attachments: [{ type: 'text', data: { text: 'Notes' } }],
      startDate: '2030-07-01T08:00:00.000Z',
      startTimezone: 'Europe/Bucharest',
      repeatingRule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5',
      reminders: [{ fireInterval: 900 }],
      isAllDay: false,
    });
    expect(createEventBody.safeParse(body).success).toBe(true);
  });

  it('sends an all-day event as the GMT span of the days shown', () => {
    const values = newEventFormValues({ now: 0, timeZone: 'UTC', calendarId: 'me', name: 'Holiday' });
    values.dates = {
      isAllDay: true,
      startDate: '2030-07-01T21:30:00.000Z',
      endDate: '2030-07-02T21:30:00.000Z',
      startTimezone: 'Europe/Bucharest',
      endTimezone: 'Europe/Bucharest',
    };
    expect(toCreateEventBody(values)).toMatchObject({
      startDate: '2030-07-02T00:00:00.000Z',
      endDate: '2030-07-03T23:59:59.999Z',
    });
  });
});

describe('update body', () => {
  const event = buildEvent({
    eventId: 's1_20300701T070000Z',
    parentId: 's1',
    repeatingRule: 'FREQ=DAILY;COUNT=5',
  });
  const initial = eventFormValuesFrom(event);

  it('sends only the changed name (no rule) with the scope of an occurrence', () => {
    const body = toUpdateEventBody({ ...initial, name: 'Renamed' }, initial, event, 'this');
    expect(body).toEqual({
      eventId: 's1_20300701T070000Z',
      calendarId: 'team',
      scope: 'this',
      name: 'Renamed',
    });
    expect(updateEventBody.safeParse(body).success).toBe(true);
  });

  it('sends no scope for an event that is not an occurrence', () => {
    const single = buildEvent();
    const body = toUpdateEventBody(
      { ...eventFormValuesFrom(single), name: 'X y z' },
      eventFormValuesFrom(single),
      single,
      'all',
    );
    expect(body.scope).toBeUndefined();
  });

  it('sends all the dates together when one changed', () => {
    const dates = { ...initial.dates, endDate: '2030-07-01T09:00:00.000Z' };
    expect(toUpdateEventBody({ ...initial, dates }, initial, event, 'all')).toMatchObject({
      startDate: initial.dates.startDate,
      endDate: '2030-07-01T09:00:00.000Z',
      startTimezone: 'Europe/Bucharest',
      endTimezone: 'Europe/Bucharest',
      isAllDay: false,
    });
  });

  it('keeps the description as the first text and the other attachments when it changes', () => {
    const body = toUpdateEventBody({ ...initial, description: 'New agenda' }, initial, event, 'all');
    expect(body).toMatchObject({
      description: 'New agenda',
      attachments: [{ type: 'text', data: { text: 'New agenda' } }, video],
    });
  });

  it('clears the description by sending the other attachments alone', () => {
    const body = toUpdateEventBody({ ...initial, description: '' }, initial, event, 'all');
    expect(body.attachments).toEqual([video]);
    expect('description' in body).toBe(false);
  });

  it('keeps the radius and automatic attendance of a changed location, and further reminders', () => {
    const body = toUpdateEventBody(
      { ...initial, location: { name: 'Park', address: null, coordinates: null }, reminder: 60 },
      initial,
      event,
      'all',
    );
    expect(body.location).toEqual({
      name: 'Park',
      address: null,
      coordinates: null,
      radius: 80,
      autoAttendance: true,
    });
    expect(body.reminders).toEqual([{ fireInterval: 60 }, { fireInterval: 86_400 }]);
  });

  it('sends a changed rule and calendar', () => {
    const body = toUpdateEventBody(
      { ...initial, repeatingRule: 'FREQ=WEEKLY', calendarId: 'other' },
      initial,
      event,
      'all',
    );
    expect(body).toMatchObject({ calendarId: 'other', repeatingRule: 'FREQ=WEEKLY', scope: 'all' });
  });
});

describe('after saving', () => {
  it('goes where the user came from, else back, else to the events', () => {
    expect(pathAfterSave('/calendars/c1/events', true)).toBe('/calendars/c1/events');
    expect(pathAfterSave(null, true)).toBe(-1);
    expect(pathAfterSave(null, false)).toBe('/events');
  });
});
