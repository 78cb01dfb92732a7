import {
  type AssignableCalendarRole,
  assignableCalendarRoles,
  type CalendarMember,
  type CalendarRole,
} from '@convene/contract';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InviteRolePicker } from './InviteRolePicker.tsx';
import { memberDisplayName } from './memberActions.ts';

interface ChangeRoleDialogProps {
  member: CalendarMember;
  /** The roles the viewer may give. */
  roles: readonly AssignableCalendarRole[];
  open: boolean;
  isPending: boolean;
  onSave: (role: AssignableCalendarRole) => void;
  onClose: () => void;
}

function isAssignable(role: CalendarRole): role is AssignableCalendarRole {
  return (assignableCalendarRoles as readonly string[]).includes(role);
}

/** Picks a member's new role, each with what it allows; Save is on once another role is picked. */
export function ChangeRoleDialog({ member, roles, open, isPending, onSave, onClose }: ChangeRoleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const current = isAssignable(member.role.name) ? member.role.name : 'member';
  const [role, setRole] = useState<AssignableCalendarRole>(current);
  const handleChange = (next: CalendarRole) => {
    if (isAssignable(next)) setRole(next);
  };
  return (
    <Dialog
      open={open}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      // Each opening starts from the member's role as it is now.
      slotProps={{ transition: { onEnter: () => setRole(current) } }}
    >
      <DialogTitle id={titleId}>
        {t('calendar.people.changeRoleTitle', { name: memberDisplayName(member) })}
      </DialogTitle>
      <DialogContent>
        <InviteRolePicker roles={roles} value={role} disabled={isPending} onChange={handleChange} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => onSave(role)}
          disabled={isPending || role === current}
          startIcon={isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
