import type { CalendarRole } from '@convene/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { roleFlags } from '../invitations/index.ts';
import { addMember, shareCalendar, unshareCalendar } from './calendarsApi.ts';

/** One invitation: who (a person by userId, or anyone by e-mail), which role, and the solved bot check. */
export interface Invitation {
  userId?: string;
  email?: string;
  name?: string;
  role: CalendarRole;
  recaptchaCode: string;
}

/**
 * Invites someone to a calendar: POST /api/members, then POST /api/share/calendar. When sharing
 * fails (429 past the hourly limit, or anything else) the member just added is taken back with
 * DELETE /api/share/calendar, so no invitee is left without an invitation.
 */
export function useInviteMember(calendarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, email, name, role, recaptchaCode }: Invitation) => {
      const member = await addMember({ calendarId, userId, email, name, permissions: roleFlags(role) });
      try {
        return await shareCalendar({ calendarId, memberId: member.memberId, recaptchaCode });
      } catch (error) {
        // The share's own failure is what the user is told; a failed rollback changes nothing for them.
        await unshareCalendar({ calendarId, memberId: member.memberId }).catch(() => undefined);
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarPeople(calendarId) }),
  });
}
