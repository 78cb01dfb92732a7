import { layout } from '@convene/contract';
import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Avatar, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useSession } from '../auth/useSession.ts';

/** /profile: who is signed in, the incomplete-profile note, and logout. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const { account, signOut } = useSession();
  const [isLeaving, setIsLeaving] = useState(false);
  usePageTitle(t('pages.profile'));

  // Signed out, the route guard sends the user on to /register (spec: signed-out users go there).
  const handleLogout = () => {
    setIsLeaving(true);
    void signOut();
  };

  if (!account) return null;
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('pages.profile')}
      </Typography>
      {account.hasUpdatedProfile ? null : (
        <Alert severity="warning" sx={{ mb: 3, borderLeft: `4px solid ${layout.profileDotColor}` }}>
          {t('profile.incomplete')}
        </Alert>
      )}
      <Paper
        variant="outlined"
        sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}
      >
        <Avatar
          src={account.imageLink ?? undefined}
          alt=""
          sx={{ width: 64, height: 64, bgcolor: 'primary.main' }}
        >
          {account.name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 180 }}>
          <Typography variant="h6" component="p">
            {account.name}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {account.email}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="error"
          onClick={handleLogout}
          disabled={isLeaving}
          startIcon={isLeaving ? <CircularProgress size={16} color="inherit" /> : <LogoutIcon />}
        >
          {t('profile.logout')}
        </Button>
      </Paper>
    </Box>
  );
}
