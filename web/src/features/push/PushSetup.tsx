import { useEffect } from 'react';
import { useAppConfig } from '../../api/config.ts';
import { decidePushAction } from './pushDecision.ts';
import { readPromptDismissed } from './pushPromptStorage.ts';
import { isPushSupported, readPushPermission, registerPush, unregisterPush } from './pushRegistration.ts';

/**
 * The push permission flow after sign-in (PRODUCT.md §1.4): granted registers this browser,
 * denied forgets its device; default leaves it to the in-app prompt (PushPrompt). Renders nothing.
 */
export function PushSetup() {
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
    // Without a push service (some browsers, offline) registering fails; the app works on without push.
    if (action === 'register') void registerPush(vapidPublicKey).catch(() => undefined);
    if (action === 'disable') void unregisterPush();
  }, [vapidPublicKey]);

  return null;
}
