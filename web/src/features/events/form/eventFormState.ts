import { type Event, event as eventSchema } from '@convene/contract';

/** What a screen may pass to the event form in its router state. */
export interface EventFormState {
  /** Where to return after saving (menu navigations and the event page pass it). */
  from: string | null;
  /** Create from a calendar: the calendar to start in. */
  calendarId: string | null;
  /** Create from the profile dialog's Meet button: the other person. */
  meetUser: { userId: string; name: string } | null;
  /** Edit from the event page: the event, shown at once while the fresh copy loads. */
  event: Event | null;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** Reads the event form's router state, which may hold anything. */
export function readEventFormState(state: unknown): EventFormState {
  const record = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const meet =
    typeof record.meetUser === 'object' && record.meetUser !== null
      ? (record.meetUser as Record<string, unknown>)
      : {};
  const meetUserId = text(meet.userId);
  const meetName = text(meet.name);
  const parsedEvent = eventSchema.safeParse(record.event);
  const from = text(record.from);
  return {
    from: from?.startsWith('/') && !from.startsWith('//') ? from : null,
    calendarId: text(record.calendarId),
    meetUser: meetUserId && meetName ? { userId: meetUserId, name: meetName } : null,
    event: parsedEvent.success ? parsedEvent.data : null,
  };
}
