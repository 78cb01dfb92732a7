import type { AssignableCalendarRole, CalendarMember } from '@convene/contract';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, useMediaQuery, useTheme } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ChangeRoleDialog } from './ChangeRoleDialog.tsx';
import {
  type AskedAction,
  asksFirst,
  isDestructiveAction,
  type MemberAction,
  memberDisplayName,
} from './memberActions.ts';
import { PersonActionsMenu, PersonActionsSheet } from './PersonActionsList.tsx';
import type { PeopleMutation } from './usePeopleActions.ts';

interface PersonActionsProps {
  member: CalendarMember;
  actions: readonly MemberAction[];
  /** The roles the viewer may give (rolesToGive). */
  roles: readonly AssignableCalendarRole[];
  /** Runs an action; its success and failure are told by the caller (snackbar). */
  onRun: (mutation: PeopleMutation) => Promise<unknown>;
  isPending: boolean;
}

/** The person action a choice turns into (a role is picked in its dialog first). */
function toMutation(action: Exclude<MemberAction, 'changeRole'>, member: CalendarMember): PeopleMutation {
  if (action === 'offerOwnership' || action === 'cancelOwnershipOffer') return { kind: action, member };
  return { kind: 'remove', member };
}

/**
 * A person's actions button: a menu beside the row on wide screens, the same actions in a bottom
 * sheet on a phone. Removals and offers ask first; a role is picked in a dialog. Focus goes back to
 * the button when the menu, sheet or dialog closes: MUI restores it to what had it when they
 * opened, so a dialog opens only once the menu or sheet is gone and focus is back on the button.
 */
export function PersonActions({ member, actions, roles, onRun, isPending }: PersonActionsProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [chosen, setChosen] = useState<MemberAction | null>(null);
  // The action picked in the menu or sheet, started once they have closed.
  const [picked, setPicked] = useState<MemberAction | null>(null);
  // The question last asked, kept while its dialog fades out.
  const [asked, setAsked] = useState<AskedAction>('remove');
  const name = memberDisplayName(member);

  const run = (mutation: PeopleMutation) => {
    void onRun(mutation)
      .then(() => setChosen(null))
      // A failed removal or offer closes its question (the snackbar says why); a role stays picked
      // in its dialog so it can be saved again.
      .catch(() => {
        if (mutation.kind !== 'changeRole') setChosen(null);
      });
  };

  const start = (action: MemberAction) => {
    if (asksFirst(action)) setAsked(action);
    if (action === 'changeRole' || asksFirst(action)) setChosen(action);
    else run(toMutation(action, member));
  };

  const listProps = {
    actions,
    onChoose: (action: MemberAction) => {
      setPicked(action);
      setAnchor(null);
    },
    onClose: () => setAnchor(null),
    onClosed: () => {
      if (picked) start(picked);
      setPicked(null);
    },
  };

  return (
    <>
      <IconButton
        aria-label={t('calendar.people.actionsFor', { name })}
        aria-haspopup={isPhone ? 'dialog' : 'menu'}
        aria-expanded={anchor ? true : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      {isPhone ? (
        <PersonActionsSheet {...listProps} open={anchor !== null} member={member} />
      ) : (
        <PersonActionsMenu {...listProps} anchor={anchor} />
      )}
      <ChangeRoleDialog
        member={member}
        roles={roles}
        open={chosen === 'changeRole'}
        isPending={isPending}
        onSave={(role: AssignableCalendarRole) => run({ kind: 'changeRole', member, role })}
        onClose={() => setChosen(null)}
      />
      <ConfirmDialog
        open={chosen !== null && chosen === asked}
        title={t(`calendar.people.confirm.${asked}.title`, { name })}
        message={t(`calendar.people.confirm.${asked}.message`, { name })}
        isDestructive={isDestructiveAction(asked)}
        isPending={isPending}
        onConfirm={() => run(toMutation(asked, member))}
        onCancel={() => setChosen(null)}
      />
    </>
  );
}
