import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, CircularProgress, Stack, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/useSession.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { passwordChangeState } from './profileRules.ts';

/** The account block of the edit screen: change password (with its dialog) and log out. */
export function AccountActions({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const { account, signOut } = useSession();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  const reasonId = useId();
  if (!account) return null;
  const passwordState = passwordChangeState(account);

  const handleLogout = () => {
    setIsLeaving(true);
    onLogout();
    void signOut();
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t('profile.edit.accountTitle')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
        {passwordState === 'hidden' ? null : (
          <Tooltip
            title={passwordState === 'needsVerification' ? t('profile.password.needsVerification') : ''}
          >
            {/* A disabled button gets no pointer or focus events: the wrapper carries the tooltip. */}
            <Box
              component="span"
              tabIndex={passwordState === 'needsVerification' ? 0 : undefined}
              aria-describedby={passwordState === 'needsVerification' ? reasonId : undefined}
              sx={{ display: 'inline-flex' }}
            >
              <Button
                variant="outlined"
                startIcon={<LockResetIcon />}
                disabled={passwordState !== 'enabled'}
                onClick={() => setIsDialogOpen(true)}
              >
                {t('profile.password.change')}
              </Button>
            </Box>
          </Tooltip>
        )}
        <Button
          variant="outlined"
          color="error"
          onClick={handleLogout}
          disabled={isLeaving}
          startIcon={isLeaving ? <CircularProgress size={16} color="inherit" aria-hidden /> : <LogoutIcon />}
        >
          {t('profile.logout')}
        </Button>
      </Stack>
      {passwordState === 'needsVerification' ? (
        <Typography id={reasonId} variant="body2" color="text.secondary">
          {t('profile.password.needsVerification')}
        </Typography>
      ) : null}
      <ChangePasswordDialog open={isDialogOpen} onClose={() => setIsDialogOpen(false)} />
    </Stack>
  );
}
