import type { Calendar } from '@convene/contract';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useLeaveCalendar } from './useCalendars.ts';

/**
 * The header's More actions menu, shown to a member who may leave (abilities.leave): Leave
 * calendar asks first, then goes to /calendars, where the calendar is no longer listed.
 */
export function CalendarMoreMenu({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  // Leave asks once the menu is gone, so focus is back on the button for the dialog to return it to.
  const [isPicked, setIsPicked] = useState(false);
  const leave = useLeaveCalendar(calendar.calendarId);
  const ownMemberId = calendar.currentUser?.memberId;
  if (!calendar.abilities.leave || !ownMemberId) return null;

  const handleConfirm = () => {
    leave.mutate(ownMemberId, {
      onSuccess: () => {
        setIsConfirming(false);
        showSnackbar(t('calendar.detail.leave.done', { name: calendar.name }), { severity: 'success' });
        void navigate('/calendars', { replace: true });
      },
      onError: () => {
        setIsConfirming(false);
        showSnackbar(t('calendar.detail.leave.failed'), { severity: 'error' });
      },
    });
  };

  return (
    <>
      <IconButton
        aria-label={t('calendar.detail.moreActions')}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{
          transition: {
            onExited: () => {
              setIsConfirming(isPicked);
              setIsPicked(false);
            },
          },
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setIsPicked(true);
            setAnchor(null);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <LogoutOutlinedIcon />
          </ListItemIcon>
          <ListItemText primary={t('calendar.detail.leave.action')} />
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={isConfirming}
        title={t('calendar.detail.leave.confirmTitle')}
        message={t('calendar.detail.leave.confirmMessage', { name: calendar.name })}
        isPending={leave.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}
