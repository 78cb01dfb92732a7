import type { Event, EventScope } from '@convene/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys.ts';
import { deleteEvent } from '../eventsApi.ts';
import { type DeleteAction, deleteEventRequest } from './eventDetails.ts';

/** Deletes an event (or occurrences of it), or removes it from the viewer's calendar; the agendas refresh. */
export function useDeleteEvent(event: Event) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, scope }: { action: Exclude<DeleteAction, null>; scope?: EventScope }) =>
      deleteEvent(deleteEventRequest(event, action, scope)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.eventLists }),
  });
}
