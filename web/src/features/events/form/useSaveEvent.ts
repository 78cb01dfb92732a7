import type { CreateEventBody, Event, UpdateEventBody } from '@convene/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys.ts';
import { createEvent, updateEvent } from '../eventsApi.ts';

/** A save of the event form: a new event, or changes to one. */
export type EventSave = { kind: 'create'; body: CreateEventBody } | { kind: 'update'; body: UpdateEventBody };

/** Creates or changes an event; the saved event is stored and every event list refreshes. */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: EventSave): Promise<Event> =>
      save.kind === 'create' ? createEvent(save.body) : updateEvent(save.body),
    onSuccess: (event) => {
      queryClient.setQueryData(queryKeys.event(event.eventId), event);
      void queryClient.invalidateQueries({ queryKey: queryKeys.events });
    },
  });
}
