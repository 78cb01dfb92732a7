import type { Event } from '@convene/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/config.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { inviteErrorKey, inviteNoticeKeys } from '../calendars/calendarErrors.ts';
import type { BotCheckHandle } from '../calendars/InvisibleAltcha.tsx';
import { InviteBotCheck, solveInviteBotCheck } from '../calendars/InviteBotCheck.tsx';
import { InviteDialogLayout, InviteDialogShell } from '../calendars/InviteDialogLayout.tsx';
import { type FoundUser, isAlreadyInvited } from '../calendars/inviteDialogState.ts';
import { PersonSearchBox } from '../calendars/PersonSearchBox.tsx';
import { usePersonSearch } from '../calendars/usePersonSearch.ts';
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

/** The event invite dialog (spec part 2 §5): find a person or type an e-mail, confirm, bot check, send. */
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
  const { showSnackbar } = useSnackbar();
  const { data: config } = useAppConfig();
  const botCheck = useRef<BotCheckHandle>(null);
  const search = usePersonSearch();
  const [isChecking, setIsChecking] = useState(false);
  const mutation = useInviteToEvent(event);
  const isSending = isChecking || mutation.isPending;
  const isRecaptcha = config?.captcha.provider === 'recaptcha';
  const { target } = search;
  const isInvited = (user: FoundUser) =>
    isAlreadyInvited({ kind: 'user', user, email: user.email }, knownPeople);

  const handleConfirm = async (submit: FormEvent) => {
    submit.preventDefault();
    if (!target || isSending) return;
    if (isAlreadyInvited(target, knownPeople)) {
      showSnackbar(t(inviteNoticeKeys.alreadyInvited), { severity: 'warning' });
      return;
    }
    setIsChecking(true);
    const recaptchaCode = await solveInviteBotCheck(botCheck.current);
    setIsChecking(false);
    if (!recaptchaCode) {
      showSnackbar(t(inviteNoticeKeys.botCheckFailed), { severity: 'error' });
      return;
    }
    const who =
      target.kind === 'user'
        ? { userId: target.user.userId, name: target.user.name }
        : { email: target.email };
    mutation.mutate(
      { ...who, recaptchaCode },
      {
        onSuccess: () => {
          showSnackbar(t('event.share.success'), { severity: 'success' });
          onClose();
        },
        onError: (error) => {
          const key = inviteErrorKey(error);
          showSnackbar(t(key), { severity: key === inviteNoticeKeys.alreadyInvited ? 'warning' : 'error' });
        },
      },
    );
  };

  return (
    <InviteDialogLayout
      titleId={titleId}
      title={t('inviteUsers.title', { name: event.name })}
      isFullScreen={isFullScreen}
      isSending={isSending}
      isChecking={isChecking}
      canConfirm={target !== null && !isRecaptcha}
      onSubmit={handleConfirm}
      onClose={onClose}
    >
      <PersonSearchBox search={search} isInvited={isInvited} disabled={isSending} />
      <InviteBotCheck ref={botCheck} isRecaptcha={isRecaptcha} />
    </InviteDialogLayout>
  );
}
