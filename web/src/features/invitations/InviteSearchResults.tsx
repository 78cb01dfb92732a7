import {
  Alert,
  Avatar,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { nameInitials } from '../../components/initials.ts';
import { PersonCard } from '../../components/PersonCard.tsx';
import type { AddressStanding, FoundUser, InviteState } from './inviteDialogState.ts';

interface InviteSearchResultsProps {
  state: InviteState;
  /** Whether a person is among the calendar's people already. */
  isInvited: (user: FoundUser) => boolean;
  disabled: boolean;
  onSelect: (user: FoundUser) => void;
  onClearSelection: () => void;
}

function Hint({ children }: { children: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 2, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

/** What a whole address that found nobody says (invite it, invited already, one's own), by its standing. */
const addressTextKeys = {
  invitable: 'inviteUsers.inviteByEmail',
  alreadyInvited: 'inviteUsers.emailAlreadyInvited',
  yourself: 'inviteUsers.ownAddress',
} as const satisfies Record<AddressStanding, string>;

/**
 * What the invite dialog shows under its search box, by state: hint, spinner, people, nobody, an
 * address to invite (or why not), the choice.
 */
export function InviteSearchResults({
  state,
  isInvited,
  disabled,
  onSelect,
  onClearSelection,
}: InviteSearchResultsProps) {
  const { t } = useTranslation();
  switch (state.kind) {
    case 'idle':
      return <Hint>{t('inviteUsers.hint')}</Hint>;
    case 'fetching':
      return (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography color="text.secondary">{t('inviteUsers.searching')}</Typography>
        </Box>
      );
    case 'noResults':
      return (
        <Box role="status">
          <Hint>{t('inviteUsers.noResults')}</Hint>
        </Box>
      );
    case 'address':
      return (
        <Box role="status">
          {state.standing === 'invitable' ? (
            <Hint>{t(addressTextKeys.invitable, { email: state.email })}</Hint>
          ) : (
            <Alert severity="warning" sx={{ my: 2, overflowWrap: 'anywhere' }}>
              {t(addressTextKeys[state.standing], { email: state.email })}
            </Alert>
          )}
        </Box>
      );
    case 'results':
      return (
        <List
          aria-label={t('inviteUsers.resultsLabel')}
          dense
          sx={{ maxHeight: 280, overflowY: 'auto', mx: -1 }}
        >
          {state.users.map((user) => (
            <ListItem key={user.userId} disablePadding>
              <ListItemButton disabled={disabled} onClick={() => onSelect(user)} sx={{ borderRadius: 2 }}>
                <ListItemAvatar>
                  <Avatar src={user.imageLink ?? undefined} alt="" sx={{ bgcolor: 'primary.main' }}>
                    {nameInitials(user.name)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={user.name}
                  secondary={isInvited(user) ? t('inviteUsers.alreadyMember') : (user.email ?? undefined)}
                  slotProps={{
                    primary: { noWrap: true, sx: { fontWeight: 600 } },
                    secondary: { noWrap: true },
                  }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      );
    case 'selected':
      return (
        <Box sx={{ py: 1 }}>
          <Box
            sx={{
              px: 1.5,
              border: 1,
              borderColor: 'primary.main',
              borderRadius: 2,
              bgcolor: 'rgba(66, 86, 193, 0.06)',
            }}
          >
            <PersonCard
              name={state.user.name}
              imageLink={state.user.imageLink}
              subtitle={state.user.email ?? t('inviteUsers.selected')}
              action={
                <Button size="small" onClick={onClearSelection} disabled={disabled}>
                  {t('inviteUsers.change')}
                </Button>
              }
            />
          </Box>
          {state.isInvited ? (
            <Alert severity="warning" sx={{ mt: 1.5 }}>
              {t('inviteUsers.notif.alreadyInvited')}
            </Alert>
          ) : null}
        </Box>
      );
  }
}
