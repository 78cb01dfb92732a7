import { describeUserAgent, type SessionInfo } from '@convene/contract';
import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import PhoneIphoneOutlinedIcon from '@mui/icons-material/PhoneIphoneOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useEndOtherSessions, useEndSession, useSessions } from './sessionsApi.ts';

/** "Chrome on Windows", or the parts known, or "Unknown device". */
function useDeviceName() {
  const { t } = useTranslation();
  return (session: SessionInfo) => {
    const { browser, os } = describeUserAgent(session.userAgent);
    if (browser && os) return t('profile.sessions.device', { browser, os });
    return browser ?? os ?? t('profile.sessions.unknownDevice');
  };
}

function isMobile(session: SessionInfo): boolean {
  const { os } = describeUserAgent(session.userAgent);
  return os === 'iOS' || os === 'Android';
}

/**
 * The profile's list of where the account is signed in (device, last use, this device), with
 * "Sign out" per other session and "Sign out other sessions".
 */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const { showSnackbar } = useSnackbar();
  const deviceName = useDeviceName();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const others = (sessions.data ?? []).filter((session) => !session.isCurrent);

  const handleEnd = (session: SessionInfo) => {
    endSession.mutate(session.sessionId, {
      onSuccess: () => showSnackbar(t('profile.sessions.ended'), { severity: 'success' }),
      onError: () => showSnackbar(t('profile.sessions.failed'), { severity: 'error' }),
    });
  };
  const handleEndOthers = () => {
    endOthers.mutate(undefined, {
      onSuccess: () => showSnackbar(t('profile.sessions.othersEnded'), { severity: 'success' }),
      onError: () => showSnackbar(t('profile.sessions.failed'), { severity: 'error' }),
    });
  };

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          gap: { xs: 1, sm: 2 },
        }}
      >
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('profile.sessions.title')}
        </Typography>
        <Button
          variant="outlined"
          onClick={handleEndOthers}
          disabled={others.length === 0 || endOthers.isPending}
          startIcon={
            endOthers.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
          }
        >
          {t('profile.sessions.endOthers')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('profile.sessions.intro')}
      </Typography>
      {sessions.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('profile.sessions.loadFailed')}
        </Alert>
      ) : null}
      {sessions.isPending ? (
        <CircularProgress size={24} sx={{ mt: 2 }} aria-label={t('profile.sessions.loading')} />
      ) : null}
      <List aria-labelledby={headingId} sx={{ mt: 1 }}>
        {(sessions.data ?? []).map((session) => {
          const name = deviceName(session);
          const lastUsed = when.format(new Date(session.lastUsedAt));
          return (
            <ListItem
              key={session.sessionId}
              divider
              disableGutters
              secondaryAction={
                session.isCurrent ? (
                  <Chip
                    size="small"
                    color="primary"
                    variant="outlined"
                    label={t('profile.sessions.thisDevice')}
                  />
                ) : (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => handleEnd(session)}
                    disabled={endSession.isPending && endSession.variables === session.sessionId}
                    aria-label={t('profile.sessions.endOneLabel', { device: name, when: lastUsed })}
                  >
                    {t('profile.sessions.endOne')}
                  </Button>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                {isMobile(session) ? <PhoneIphoneOutlinedIcon /> : <ComputerOutlinedIcon />}
              </ListItemIcon>
              <ListItemText
                sx={{ pr: 12 }}
                primary={name}
                secondary={
                  session.isCurrent
                    ? t('profile.sessions.activeNow')
                    : t('profile.sessions.lastUsed', { when: lastUsed })
                }
              />
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
