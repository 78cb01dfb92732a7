import type { ReactNode } from 'react';
import { InviteBotCheck } from './InviteBotCheck.tsx';
import { InviteDialogLayout } from './InviteDialogLayout.tsx';
import { type FoundUser, isAlreadyInvited, type KnownPerson } from './inviteDialogState.ts';
import { PersonSearchBox } from './PersonSearchBox.tsx';
import { type InviteConfirmOptions, useInviteConfirm } from './useInviteConfirm.ts';
import { usePersonSearch } from './usePersonSearch.ts';

interface InviteFormProps extends Pick<InviteConfirmOptions, 'isPending' | 'send' | 'successKey'> {
  /** People already invited (loaded on the screen): told apart before Confirm; the server's 409 covers the rest. */
  knownPeople: readonly KnownPerson[];
  /** From InviteDialogShell: the title's id and whether the dialog fills a phone's screen. */
  titleId: string;
  isFullScreen: boolean;
  title: string;
  onClose: () => void;
  /** Fields between the person search and the bot check (the calendar's role picker). */
  children?: (state: { isSending: boolean }) => ReactNode;
}

/**
 * The invite form both invite dialogs share: search a person (or type an address), any fields of
 * the invitation, the bot check, Cancel and Invite; `send` makes the feature's own request.
 */
export function InviteForm({
  titleId,
  isFullScreen,
  title,
  knownPeople,
  isPending,
  send,
  successKey,
  onClose,
  children,
}: InviteFormProps) {
  const search = usePersonSearch(knownPeople);
  const { target } = search;
  const isInvited = (user: FoundUser) =>
    isAlreadyInvited({ kind: 'user', user, email: user.email }, knownPeople);
  const { botCheck, isChecking, isSending, isRecaptcha, handleConfirm } = useInviteConfirm({
    target,
    isPending,
    send,
    successKey,
    onDone: onClose,
  });

  return (
    <InviteDialogLayout
      titleId={titleId}
      title={title}
      isFullScreen={isFullScreen}
      isSending={isSending}
      isChecking={isChecking}
      canConfirm={target !== null && !isRecaptcha}
      onSubmit={handleConfirm}
      onClose={onClose}
    >
      <PersonSearchBox search={search} isInvited={isInvited} disabled={isSending} />
      {children?.({ isSending })}
      <InviteBotCheck ref={botCheck} isRecaptcha={isRecaptcha} />
    </InviteDialogLayout>
  );
}
