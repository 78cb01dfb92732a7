import { ApiError } from '../../../api/ApiError.ts';
import { addEventInvitee, shareEvent, unshareEvent } from '../eventsApi.ts';

/** How inviting the other person of a meet-up ended. */
export type MeetInviteResult = 'sent' | 'limitReached' | 'failed';

/**
 * Invites the other person of a meet-up to the event just created: adds them
 * (POST /api/userEventStatuses), then sends it (POST /api/share/event). When sending fails
 * (429 past the hourly limit, or anything else) the invitee just added is taken back.
 */
export async function inviteMeetUser(options: {
  userId: string;
  calendarId: string;
  eventId: string;
  recaptchaCode: string;
}): Promise<MeetInviteResult> {
  const { userId, calendarId: groupId, eventId, recaptchaCode } = options;
  let rsvpId: string;
  try {
    rsvpId = (await addEventInvitee({ userId, groupId, eventId })).userEventStatusId;
  } catch {
    return 'failed';
  }
  try {
    await shareEvent({ userEventStatusId: rsvpId, groupId, eventId, recaptchaCode });
    return 'sent';
  } catch (error) {
    // The share's own failure is what the user is told; a failed rollback changes nothing for them.
    await unshareEvent({ groupId, eventId, rsvpId }).catch(() => undefined);
    return error instanceof ApiError && error.status === 429 ? 'limitReached' : 'failed';
  }
}
