import type { Event } from '@convene/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys.ts';
import { addEventInvitee, shareEvent, unshareEvent } from '../eventsApi.ts';

/** Who to invite (a person found by name by userId, anyone by e-mail) and the solved bot check. */
export interface EventInvitation {
  userId?: string;
  email?: string;
  name?: string;
  recaptchaCode: string;
}

/**
 * Invites someone to an event: POST /api/userEventStatuses from the originating calendar, then
 * POST /api/share/event. When sending fails (429 past the hourly limit, or anything else) the
 * invitee just added is taken back with DELETE /api/share/event, so nobody is left half-invited.
 */
export function useInviteToEvent(event: Pick<Event, 'eventId' | 'originatingCalendarId'>) {
  const queryClient = useQueryClient();
  const { eventId, originatingCalendarId: groupId } = event;
  return useMutation({
    mutationFn: async ({ recaptchaCode, ...who }: EventInvitation) => {
      const { userEventStatusId } = await addEventInvitee({ ...who, groupId, eventId });
      try {
        return await shareEvent({ userEventStatusId, groupId, eventId, recaptchaCode });
      } catch (error) {
        // The share's own failure is what the person is told; a failed rollback changes nothing for them.
        await unshareEvent({ groupId, eventId, rsvpId: userEventStatusId }).catch(() => undefined);
        throw error;
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.eventAttendees(eventId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.event(eventId) }),
      ]),
  });
}
