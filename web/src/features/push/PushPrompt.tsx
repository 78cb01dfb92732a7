import { productName } from '@convene/contract';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useId, useState } from 'react';
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
} from './pushRegistration.ts';

function shouldPrompt(): boolean {
  const isSupported = isPushSupported();
  const permission = isSupported ? readPushPermission() : 'denied';
  return decidePushAction({ isSupported, permission, wasDismissed: readPromptDismissed() }) === 'prompt';
}

/**
 * The in-app push prompt, shown once while the browser's permission is still 'default': Enable asks
 * the browser (which needs a click) and registers; 'Not now' is remembered.
 */
export function PushPrompt() {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const { data: config } = useAppConfig();
  const [isOpen, setIsOpen] = useState(shouldPrompt);
  const [isEnabling, setIsEnabling] = useState(false);
  const titleId = useId();

  const handleNotNow = () => {
    writePromptDismissed();
    setIsOpen(false);
  };

  const handleEnable = async () => {
    setIsEnabling(true);
    writePromptDismissed();
    try {
      const permission = await requestPushPermission();
      if (permission === 'granted') {
        await registerPush(config?.vapidPublicKey ?? '');
        showSnackbar(t('push.enabled'), { severity: 'success' });
      } else if (permission === 'denied') {
        showSnackbar(t('push.blocked'));
      }
    } catch {
      showSnackbar(t('push.failed'), { severity: 'warning' });
    } finally {
      setIsEnabling(false);
      setIsOpen(false);
    }
  };

  if (!isOpen || !config?.vapidPublicKey) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        mb: 2,
        p: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        borderColor: 'rgba(66, 86, 193, 0.35)',
      }}
    >
      <NotificationsActiveOutlinedIcon
        color="primary"
        aria-hidden
        sx={{ alignSelf: 'flex-start', mt: 0.25 }}
      />
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600 }}>
          {t('push.prompt.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('push.prompt.text', { product: productName })}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        <Button onClick={handleNotNow} disabled={isEnabling}>
          {t('push.prompt.notNow')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void handleEnable()}
          disabled={isEnabling}
          startIcon={isEnabling ? <CircularProgress size={16} color="inherit" aria-hidden /> : null}
        >
          {t('push.prompt.enable')}
        </Button>
      </Box>
    </Paper>
  );
}
