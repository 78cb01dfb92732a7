import {
  type Attachment,
  type CreateEventBody,
  type Event,
  type EventScope,
  toSubmittedDates,
  type UpdateEventBody,
} from '@convene/contract';
import type { EventFormValues } from './eventForm.ts';

/**
 * The description and attachments as the server stores them: the description is the first
 * `text` attachment, and is also sent as `description`. The server replaces the first text item
 * with `description`, so the description's own item goes first; with no description the field
 * is left out, so the attachments are stored exactly as sent (a `null` would remove the first
 * text item, which would then be another attachment).
 */
export function descriptionBody(
  description: string,
  others: readonly Attachment[],
): { description?: string; attachments: Attachment[] } {
  if (description === '') return { attachments: [...others] };
  return { description, attachments: [{ type: 'text', data: { text: description } }, ...others] };
}

/** The reminders to send: the form's one reminder first, any further ones of the event kept. */
export function remindersBody(
  reminder: number | null,
  existing: readonly { fireInterval: number }[] = [],
): { fireInterval: number }[] {
  const rest = existing.slice(1);
  return reminder === null ? [...rest] : [{ fireInterval: reminder }, ...rest];
}

/** The location to send: the form's name, address and pin over what the event had (radius…). */
function locationBody(values: EventFormValues, event: Event | null) {
  const base = event ? { radius: event.location.radius, autoAttendance: event.location.autoAttendance } : {};
  return { ...base, ...values.location };
}

/** POST /api/event from the form's values (all-day dates as their GMT days). */
export function toCreateEventBody(values: EventFormValues): CreateEventBody {
  return {
    calendarId: values.calendarId,
    name: values.name,
    ...toSubmittedDates(values.dates),
    repeatingRule: values.repeatingRule,
    location: locationBody(values, null),
    tags: values.tags,
    reminders: remindersBody(values.reminder),
    ...descriptionBody(values.description, values.attachments),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PUT /api/event with only what changed since the form opened (absent = unchanged), so an
 * occurrence's 'this' change never carries the series' rule and a 'following' split keeps the
 * occurrences left. The dates go together when any of them changed; so do the description and
 * the attachments. The scope is sent for an occurrence only.
 */
export function toUpdateEventBody(
  values: EventFormValues,
  initial: EventFormValues,
  event: Event,
  scope: EventScope | null,
): UpdateEventBody {
  const body: UpdateEventBody = { eventId: event.eventId, calendarId: values.calendarId };
  if (scope && event.parentId) body.scope = scope;
  if (values.name !== initial.name) body.name = values.name;
  if (!same(values.dates, initial.dates)) Object.assign(body, toSubmittedDates(values.dates));
  if (values.repeatingRule !== initial.repeatingRule) body.repeatingRule = values.repeatingRule;
  if (!same(values.location, initial.location)) body.location = locationBody(values, event);
  if (!same(values.tags, initial.tags)) body.tags = values.tags;
  if (values.reminder !== initial.reminder) body.reminders = remindersBody(values.reminder, event.reminders);
  if (values.description !== initial.description || !same(values.attachments, initial.attachments)) {
    const { description, attachments } = descriptionBody(values.description, values.attachments);
    body.attachments = attachments;
    // Cleared: the attachments without it replace the stored ones as sent.
    if (description !== undefined) body.description = description;
  }
  return body;
}

/** Where the user goes after saving: where they came from, else back in history, else /events. */
export function pathAfterSave(from: string | null, canGoBack: boolean): string | -1 {
  if (from) return from;
  return canGoBack ? -1 : '/events';
}
