import type { Event } from '@convene/contract';
import { useTranslation } from 'react-i18next';
import { InviteDialogShell, InviteForm } from '../../invitations/index.ts';
import { useInviteToEvent } from './useInviteToEvent.ts';

/** Someone already on the event (an attendee loaded on the page). */
type KnownPerson = { userId: string | null; email: string | null };

interface EventInviteDialogProps {
  event: Event;
  /** The attendees loaded so far: inviting one of them again gives 'already invited'. */
  knownPeople: readonly KnownPerson[];
  open: boolean;
  onClose: () => void;
}

/** The event invite dialog (PRODUCT.md §2.5): find a person or type an e-mail, confirm, bot check, send. */
export function EventInviteDialog({ event, knownPeople, open, onClose }: EventInviteDialogProps) {
  return (
    <InviteDialogShell open={open} onClose={onClose}>
      {(frame) => <EventInviteContent event={event} knownPeople={knownPeople} onClose={onClose} {...frame} />}
    </InviteDialogShell>
  );
}

function EventInviteContent({
  event,
  knownPeople,
  titleId,
  isFullScreen,
  onClose,
}: Omit<EventInviteDialogProps, 'open'> & { titleId: string; isFullScreen: boolean }) {
  const { t } = useTranslation();
  const mutation = useInviteToEvent(event);
  return (
    <InviteForm
      titleId={titleId}
      isFullScreen={isFullScreen}
      title={t('inviteUsers.title', { name: event.name })}
      knownPeople={knownPeople}
      isPending={mutation.isPending}
      send={(invitee, recaptchaCode, callbacks) => mutation.mutate({ ...invitee, recaptchaCode }, callbacks)}
      successKey="event.share.success"
      onClose={onClose}
    />
  );
}
