import type { CalendarMember } from '@convene/contract';
import CancelScheduleSendOutlinedIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import KeyOffOutlinedIcon from '@mui/icons-material/KeyOffOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { roleLabelKey } from './calendarPeople.ts';
import { isDestructiveAction, type MemberAction, memberDisplayName } from './memberActions.ts';

const icons: Record<MemberAction, ReactNode> = {
  changeRole: <ManageAccountsOutlinedIcon />,
  offerOwnership: <KeyOutlinedIcon />,
  cancelOwnershipOffer: <KeyOffOutlinedIcon />,
  remove: <PersonRemoveOutlinedIcon />,
  cancelInvitation: <CancelScheduleSendOutlinedIcon />,
};

interface ActionsListProps {
  actions: readonly MemberAction[];
  onChoose: (action: MemberAction) => void;
  onClose: () => void;
  /** Called once closed (focus is back on the button that opened it). */
  onClosed: () => void;
}

/** An action's icon and text, red when it loses something for the person. */
function ActionContent({ action }: { action: MemberAction }) {
  const { t } = useTranslation();
  const color = isDestructiveAction(action) ? 'error.main' : undefined;
  return (
    <>
      <ListItemIcon sx={{ color }}>{icons[action]}</ListItemIcon>
      <ListItemText primary={t(`calendar.people.actions.${action}`)} sx={{ color }} />
    </>
  );
}

/** Wide screens: the actions as a menu under the row's button. */
export function PersonActionsMenu({
  actions,
  onChoose,
  onClose,
  onClosed,
  anchor,
}: ActionsListProps & { anchor: HTMLElement | null }) {
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ transition: { onExited: onClosed } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {actions.map((action) => (
        <MenuItem key={action} onClick={() => onChoose(action)}>
          <ActionContent action={action} />
        </MenuItem>
      ))}
    </Menu>
  );
}

/**
 * Phones: the same actions in a sheet from the bottom, titled with the person's name and role; a
 * modal dialog (focus kept inside, Escape or Cancel closes it) that starts on its first action.
 */
export function PersonActionsSheet({
  actions,
  onChoose,
  onClose,
  onClosed,
  open,
  member,
}: ActionsListProps & { open: boolean; member: CalendarMember }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        transition: { onExited: onClosed },
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, pb: 'env(safe-area-inset-bottom)' },
        },
      }}
    >
      <Box
        aria-hidden
        sx={{ width: 36, height: 4, borderRadius: 2, bgcolor: 'divider', mx: 'auto', mt: 1 }}
      />
      <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600 }} noWrap>
          {memberDisplayName(member)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(roleLabelKey(member))}
        </Typography>
      </Box>
      <Divider />
      <List>
        {actions.map((action, index) => (
          <ListItem key={action} disablePadding>
            <ListItemButton autoFocus={index === 0} onClick={() => onChoose(action)} sx={{ minHeight: 52 }}>
              <ActionContent action={action} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Divider />
      <Box sx={{ py: 1 }}>
        <ListItemButton onClick={onClose} sx={{ minHeight: 52 }}>
          <ListItemText
            primary={t('common.cancel')}
            slotProps={{ primary: { sx: { textAlign: 'center', fontWeight: 600 } } }}
          />
        </ListItemButton>
      </Box>
    </Drawer>
  );
}
