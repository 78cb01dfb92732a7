import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/config.ts';
import type { BotCheckHandle } from '../../components/InvisibleAltcha.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { solveInviteBotCheck } from './InviteBotCheck.tsx';
import type { InviteTarget } from './inviteDialogState.ts';
import { inviteErrorKey, inviteNoticeKeys } from './inviteErrors.ts';

/** Who an invitation goes to, as the invite calls take it (by userId, or anyone by e-mail). */
export type Invitee = { userId: string; name: string } | { email: string };

export interface InviteConfirmOptions {
  /** Who Confirm invites: never someone known to be invited already (the server's 409 covers the rest). */
  target: InviteTarget | null;
  /** Whether the invitation is being sent. */
  isPending: boolean;
  /** Sends the invitation; calls back as a mutation does. */
  send: (
    invitee: Invitee,
    recaptchaCode: string,
    callbacks: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
  /** i18n key of the success notice. */
  successKey: typeof inviteNoticeKeys.success | 'event.share.success';
  onDone: () => void;
}

/**
 * The confirm step both invite dialogs share: run the bot check, send, and tell the outcome
 * (success closes the dialog; someone invited meanwhile, or not loaded, answers 'already invited').
 */
export function useInviteConfirm({ target, isPending, send, successKey, onDone }: InviteConfirmOptions) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const { data: config } = useAppConfig();
  const botCheck = useRef<BotCheckHandle>(null);
  const [isChecking, setIsChecking] = useState(false);
  const isSending = isChecking || isPending;

  const handleConfirm = async (submit: FormEvent) => {
    submit.preventDefault();
    if (!target || isSending) return;
    setIsChecking(true);
    const recaptchaCode = await solveInviteBotCheck(botCheck.current);
    setIsChecking(false);
    if (!recaptchaCode) {
      showSnackbar(t(inviteNoticeKeys.botCheckFailed), { severity: 'error' });
      return;
    }
    const invitee: Invitee =
      target.kind === 'user'
        ? { userId: target.user.userId, name: target.user.name }
        : { email: target.email };
    send(invitee, recaptchaCode, {
      onSuccess: () => {
        showSnackbar(t(successKey), { severity: 'success' });
        onDone();
      },
      onError: (error) => {
        const key = inviteErrorKey(error);
        showSnackbar(t(key), { severity: key === inviteNoticeKeys.alreadyInvited ? 'warning' : 'error' });
      },
    });
  };

  return {
    botCheck,
    isChecking,
    isSending,
    isRecaptcha: config?.captcha.provider === 'recaptcha',
    handleConfirm,
  };
}
