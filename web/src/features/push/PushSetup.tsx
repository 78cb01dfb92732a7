import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/config.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { decidePushAction } from './pushDecision.ts';
import { readPromptDismissed, readPushFailureTold, writePushFailureTold } from './pushPromptStorage.ts';
import { isPushSupported, readPushPermission, registerPush, unregisterPush } from './pushRegistration.ts';

/**
 * The push permission flow after sign-in (PRODUCT.md §1.4): granted registers this browser,
 * denied forgets its device; default leaves it to the in-app prompt (PushPrompt). Renders nothing
 * but, once per browser, the notice that notifications could not be turned on.
 */
export function PushSetup() {
  // The i18n instance, not `t`: it stays the same when the language's texts arrive, so the
  // registration runs once.
  const { i18n } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const { data: config } = useAppConfig();
  const vapidPublicKey = config?.vapidPublicKey ?? '';

  useEffect(() => {
    if (!vapidPublicKey) return;
    const isSupported = isPushSupported();
    const action = decidePushAction({
      isSupported,
      permission: isSupported ? readPushPermission() : 'denied',
      wasDismissed: readPromptDismissed(),
    });
    if (action === 'register') {
      // The person allowed notifications, so a browser without a push service, or a subscription
      // refused (by the push service or the server), is said; the app works on without push.
      void registerPush(vapidPublicKey).then(
        () => writePushFailureTold(false),
        () => {
          if (readPushFailureTold()) return;
          writePushFailureTold(true);
          showSnackbar(i18n.t('push.failed'), { severity: 'warning' });
        },
      );
    }
    if (action === 'disable') void unregisterPush();
  }, [vapidPublicKey, showSnackbar, i18n]);

  return null;
}
