import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/config.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { decidePushAction } from './pushDecision.ts';
import { readPromptDismissed, writePromptDismissed } from './pushPromptStorage.ts';
import {
  isPushSupported,
  readPushPermission,
  registerPush,
  requestPushPermission,
  unregisterPush,
} from './pushRegistration.ts';

/**
 * The push permission flow after sign-in (spec part 1 §4): granted registers this browser,
 * default shows a small in-app prompt once, denied forgets the device. Renders only the prompt.
 */
export function PushSetup() {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const { data: config } = useAppConfig();
  const vapidPublicKey = config?.vapidPublicKey ?? '';
  const [isPromptOpen, setIsPromptOpen] = useState(false);
  const [isEnabling, setIsEnabling] = useState(false);
  const titleId = useId();

  useEffect(() => {
    if (!vapidPublicKey) return;
    const isSupported = isPushSupported();
    const action = decidePushAction({
      isSupported,
      permission: isSupported ? readPushPermission() : 'denied',
      wasDismissed: readPromptDismissed(),
    });
    // Without a push service (some browsers, offline) registering fails; the app works on without push.
    if (action === 'register') void registerPush(vapidPublicKey).catch(() => undefined);
    if (action === 'disable') void unregisterPush();
    setIsPromptOpen(action === 'prompt');
  }, [vapidPublicKey]);

  const handleNotNow = () => {
    writePromptDismissed();
    setIsPromptOpen(false);
  };

  const handleEnable = async () => {
    setIsEnabling(true);
    writePromptDismissed();
    try {
      const permission = await requestPushPermission();
      if (permission === 'granted') {
        await registerPush(vapidPublicKey);
        showSnackbar(t('push.enabled'), { severity: 'success' });
      } else if (permission === 'denied') {
        showSnackbar(t('push.blocked'));
      }
    } catch {
      showSnackbar(t('push.failed'), { severity: 'warning' });
    } finally {
      setIsEnabling(false);
      setIsPromptOpen(false);
    }
  };

  if (!isPromptOpen) return null;
  return (
    <Paper
      role="region"
      aria-labelledby={titleId}
      elevation={8}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.appBar + 1,
        left: { xs: 8, md: 'auto' },
        right: { xs: 8, md: 24 },
        bottom: { xs: 64, md: 24 },
        width: { md: 380 },
        p: 2,
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
      }}
    >
      <NotificationsActiveOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600 }}>
          {t('push.prompt.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('push.prompt.text')}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
          <Button onClick={handleNotNow} disabled={isEnabling}>
            {t('push.prompt.notNow')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void handleEnable()}
            disabled={isEnabling}
            startIcon={isEnabling ? <CircularProgress size={16} color="inherit" /> : null}
          >
            {t('push.prompt.enable')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
