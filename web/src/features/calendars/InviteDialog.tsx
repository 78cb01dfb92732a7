import type { Calendar, CalendarRole } from '@convene/contract';
import { Divider } from '@mui/material';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys.ts';
import { grantableRoles, InviteDialogShell, InviteForm, inviteNoticeKeys } from '../invitations/index.ts';
import { InviteRolePicker } from './InviteRolePicker.tsx';
import { useInviteMember } from './useInviteMember.ts';

type PeoplePages = InfiniteData<{ users: { userId: string | null; email: string | null }[] }>;

interface InviteDialogProps {
  calendar: Calendar;
  open: boolean;
  onClose: () => void;
}

/** The invite dialog (PRODUCT.md §1.2/§1.4): find a person or type an e-mail, pick a role, confirm. */
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
  const [role, setRole] = useState<CalendarRole>('member');
  const mutation = useInviteMember(calendar.calendarId);
  const roles = grantableRoles(calendar.abilities);

  // Everyone of this calendar the People tab has loaded; the server's 409 covers the rest.
  const knownPeople = queryClient
    .getQueriesData<PeoplePages>({ queryKey: queryKeys.calendarPeople(calendar.calendarId) })
    .flatMap(([, data]) => data?.pages.flatMap((page) => page.users) ?? []);

  return (
    <InviteForm
      titleId={titleId}
      isFullScreen={isFullScreen}
      title={t('inviteUsers.title', { name: calendar.name })}
      knownPeople={knownPeople}
      isPending={mutation.isPending}
      send={(invitee, recaptchaCode, callbacks) =>
        mutation.mutate({ ...invitee, role, recaptchaCode }, callbacks)
      }
      successKey={inviteNoticeKeys.success}
      onClose={onClose}
    >
      {({ isSending }) => (
        <>
          <Divider sx={{ my: 2 }} />
          <InviteRolePicker roles={roles} value={role} onChange={setRole} disabled={isSending} />
        </>
      )}
    </InviteForm>
  );
}
