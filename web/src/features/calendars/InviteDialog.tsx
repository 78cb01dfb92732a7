import { type Calendar, type CalendarRole, effectivePermissions } from '@convene/contract';
import { Divider } from '@mui/material';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/config.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { inviteErrorKey, inviteNoticeKeys } from './calendarErrors.ts';
import type { BotCheckHandle } from './InvisibleAltcha.tsx';
import { InviteBotCheck, solveInviteBotCheck } from './InviteBotCheck.tsx';
import { InviteDialogLayout, InviteDialogShell } from './InviteDialogLayout.tsx';
import { InviteRolePicker } from './InviteRolePicker.tsx';
import { type FoundUser, grantableRoles, isAlreadyInvited } from './inviteDialogState.ts';
import { PersonSearchBox } from './PersonSearchBox.tsx';
import { useInviteMember } from './useInviteMember.ts';
import { usePersonSearch } from './usePersonSearch.ts';

type PeoplePages = InfiniteData<{ users: { userId: string | null; email: string | null }[] }>;

interface InviteDialogProps {
  calendar: Calendar;
  open: boolean;
  onClose: () => void;
}

/** The invite dialog (spec §2/§4): find a person or type an e-mail, pick a role, confirm. */
export function InviteDialog({ calendar, open, onClose }: InviteDialogProps) {
  return (
    <InviteDialogShell open={open} onClose={onClose}>
      {(frame) => <InviteDialogContent calendar={calendar} onClose={onClose} {...frame} />}
    </InviteDialogShell>
  );
}

function InviteDialogContent({
  calendar,
  titleId,
  isFullScreen,
  onClose,
}: {
  calendar: Calendar;
  titleId: string;
  isFullScreen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { showSnackbar } = useSnackbar();
  const { data: config } = useAppConfig();
  const botCheck = useRef<BotCheckHandle>(null);
  const search = usePersonSearch();
  const [role, setRole] = useState<CalendarRole>('member');
  const [isChecking, setIsChecking] = useState(false);
  const mutation = useInviteMember(calendar.calendarId);
  const isSending = isChecking || mutation.isPending;
  const { target } = search;
  const roles = grantableRoles(effectivePermissions(calendar));
  const isRecaptcha = config?.captcha.provider === 'recaptcha';

  // Everyone of this calendar the People tab has loaded; the server's 409 covers the rest.
  const knownPeople = queryClient
    .getQueriesData<PeoplePages>({ queryKey: queryKeys.calendarPeople(calendar.calendarId) })
    .flatMap(([, data]) => data?.pages.flatMap((page) => page.users) ?? []);
  const isInvited = (user: FoundUser) =>
    isAlreadyInvited({ kind: 'user', user, email: user.email }, knownPeople);

  const handleConfirm = async (event: FormEvent) => {
    event.preventDefault();
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
      { ...who, role, recaptchaCode },
      {
        onSuccess: () => {
          showSnackbar(t(inviteNoticeKeys.success), { severity: 'success' });
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
      title={t('inviteUsers.title', { name: calendar.name })}
      isFullScreen={isFullScreen}
      isSending={isSending}
      isChecking={isChecking}
      canConfirm={target !== null && !isRecaptcha}
      onSubmit={handleConfirm}
      onClose={onClose}
    >
      <PersonSearchBox search={search} isInvited={isInvited} disabled={isSending} />
      <Divider sx={{ my: 2 }} />
      <InviteRolePicker roles={roles} value={role} onChange={setRole} disabled={isSending} />
      <InviteBotCheck ref={botCheck} isRecaptcha={isRecaptcha} />
    </InviteDialogLayout>
  );
}
