import type { UserEventStatus } from '@convene/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys.ts';
import { getMyRsvp, updateRsvp } from '../eventsApi.ts';

/** An answer a person may choose (never 'pending', which is only where an invitation starts). */
export type RsvpChoice = 'attending' | 'notAttending' | 'none';

/** The choices of the My RSVP block, in the order shown (PRODUCT.md §2.4). */
export const rsvpChoices: readonly RsvpChoice[] = ['attending', 'notAttending', 'none'];

/**
 * The viewer's own RSVP (GET /api/events/{id}/userEventStatus) and a way to answer: the change
 * shows at once and is rolled back when the PUT fails; choosing the current answer sends nothing.
 */
export function useEventRsvp(eventId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.myRsvp(eventId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getMyRsvp(eventId, signal),
  });
  const mutation = useMutation({
    mutationFn: ({ rsvpId, rsvp }: { rsvpId: string; rsvp: RsvpChoice }) => updateRsvp(rsvpId, { rsvp }),
    onMutate: async ({ rsvp }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<UserEventStatus>(key);
      if (previous) {
        queryClient.setQueryData<UserEventStatus>(key, {
          ...previous,
          statuses: { ...previous.statuses, rsvp },
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: queryKeys.event(eventId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.eventAttendees(eventId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.eventLists }),
      ]),
  });

  const answer = (rsvp: RsvpChoice, options: { onError?: () => void } = {}) => {
    const current = query.data;
    if (!current || current.statuses.rsvp === rsvp) return;
    mutation.mutate({ rsvpId: current.userEventStatusId, rsvp }, { onError: options.onError });
  };

  return { rsvp: query.data ?? null, isLoading: query.isLoading, isError: query.isError, answer };
}
