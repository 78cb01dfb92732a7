import {
  allDaySpan,
  type createEventBody,
  eventDefaults,
  eventMessages,
  repeatingRuleInvalid,
  type updateEventBody,
  utcDay,
} from '@convene/contract';
import type { z } from 'zod';
import type { StoredAttachment } from '../../db/schema/index.ts';
import { validation } from '../../platform/errors.ts';
import type { EventRow } from './events.access.ts';
import { descriptionOf } from './events.presenter.ts';
import { seriesBounds } from './recurrence.ts';

type CreateBody = z.output<typeof createEventBody>;
type UpdateBody = z.output<typeof updateEventBody>;

/** The editable fields of an event, as the contract shapes them. */
export type EventFields = Omit<CreateBody, 'calendarId'>;

/** Columns written for an event's editable fields (everything but ids, owner and bookkeeping). */
export type EventColumns = Pick<
  typeof import('../../db/schema/index.ts').events.$inferInsert,
  | 'name'
  | 'isAllDay'
  | 'startDate'
  | 'endDate'
  | 'startTimezone'
  | 'endTimezone'
  | 'location'
  | 'hexColor'
  | 'kind'
  | 'rsvpType'
  | 'tags'
  | 'colorSettings'
  | 'extendedProperties'
  | 'reminders'
  | 'attachments'
  | 'livestreamsMax'
  | 'repeatingRule'
  | 'seriesUntil'
>;

/** The editable fields a stored row holds. */
export function fieldsOf(row: EventRow): EventFields {
  return {
    name: row.name,
    description: descriptionOf(row),
    isAllDay: row.isAllDay,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    startTimezone: row.startTimezone,
    endTimezone: row.endTimezone,
    location: row.location,
    hexColor: row.hexColor,
    kind: row.kind as EventFields['kind'],
    rsvpType: row.rsvpType,
    tags: row.tags,
    colorSettings: row.colorSettings,
    extendedProperties: row.extendedProperties,
    reminders: row.reminders,
    attachments: row.attachments as EventFields['attachments'],
    livestreams: { max: row.livestreamsMax },
    repeatingRule: row.repeatingRule,
  };
}

/** Which editable fields a PUT body sets (absent = unchanged; null = cleared). */
export function changedFields(body: UpdateBody): Partial<EventFields> {
  const { eventId: _eventId, calendarId: _calendarId, scope: _scope, ...fields } = body;
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<EventFields>;
}

/** The attachments with the description as their first text item (null removes it). */
function withDescription(attachments: EventFields['attachments'], description: string | null | undefined) {
  if (description === undefined) return attachments as StoredAttachment[];
  const firstText = attachments.findIndex((item) => item.type === 'text');
  const rest = attachments.filter((_item, index) => index !== firstText);
  return (
    description === null ? rest : [{ type: 'text', data: { text: description } }, ...rest]
  ) as StoredAttachment[];
}

const earliest = Date.UTC(1900, 0, 1);
const latest = Date.UTC(2200, 0, 1);

/**
 * The columns for a set of fields: defaults of PRODUCT.md §1.3 filled in, all-day dates spread over
 * their whole GMT days, the start to whole seconds (occurrence ids carry seconds), and a
 * series' last start computed. Bad dates or a rule with no occurrence are 400 on their field.
 */
export function toColumns(fields: EventFields): EventColumns {
  let start = new Date(fields.startDate).getTime();
  let end = new Date(fields.endDate).getTime();
  if (start < earliest || start >= latest) throw validation('startDate', eventMessages.dateInvalid);
  if (end < earliest || end >= latest) throw validation('endDate', eventMessages.dateInvalid);
  if (fields.isAllDay) {
    const span = allDaySpan(utcDay(fields.startDate), utcDay(fields.endDate));
    start = Date.parse(span.startDate);
    end = Date.parse(span.endDate);
  } else {
    start = Math.floor(start / 1000) * 1000;
    if (end <= start) throw validation('endDate', eventMessages.endBeforeStart);
  }
  const hexColor = fields.hexColor ?? eventDefaults.hexColor;
  const columns: EventColumns = {
    name: fields.name,
    isAllDay: fields.isAllDay,
    startDate: new Date(start),
    endDate: new Date(end),
    startTimezone: fields.startTimezone,
    endTimezone: fields.endTimezone,
    location: {
      name: fields.location?.name ?? null,
      address: fields.location?.address ?? null,
      coordinates: fields.location?.coordinates?.replace(/\s/g, '') ?? null,
      radius: fields.location?.radius ?? eventDefaults.locationRadius,
      autoAttendance: fields.location?.autoAttendance ?? false,
    },
    hexColor,
    kind: fields.kind,
    rsvpType: fields.rsvpType,
    tags: fields.tags,
    colorSettings: fields.colorSettings ?? { type: 'dynamic', cardColor: hexColor },
    extendedProperties: {
      shouldHideDates: fields.extendedProperties?.shouldHideDates ?? false,
      shouldHideLocation: fields.extendedProperties?.shouldHideLocation ?? false,
    },
    reminders: fields.reminders,
    attachments: withDescription(fields.attachments, fields.description),
    livestreamsMax: fields.livestreams?.max ?? eventDefaults.livestreamsMax,
    repeatingRule: fields.repeatingRule ?? null,
    seriesUntil: null,
  };
  if (columns.repeatingRule) {
    const bounds = seriesBounds({
      id: '',
      startDate: columns.startDate as Date,
      isAllDay: columns.isAllDay ?? false,
      startTimezone: columns.startTimezone,
      repeatingRule: columns.repeatingRule,
    });
    if (!bounds.first) throw validation('repeatingRule', repeatingRuleInvalid);
    columns.seriesUntil = bounds.last;
  }
  return columns;
}

/** The fields after a PUT: the stored ones with the body's changes laid over them. */
export function mergeFields(current: EventFields, changes: Partial<EventFields>): EventFields {
  const merged = { ...current, ...changes };
  // New attachments without a description field carry their own text item.
  if (changes.attachments !== undefined && changes.description === undefined) merged.description = undefined;
  return merged;
}
