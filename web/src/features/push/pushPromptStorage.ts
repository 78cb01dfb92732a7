import { localStore } from '../../components/safeStorage.ts';

const dismissedKey = 'convene.pushPromptDismissed';

/** True when the user already answered the in-app push prompt ('Not now' or the browser's dialog). */
export function readPromptDismissed(): boolean {
  return localStore.getItem(dismissedKey) === '1';
}

/**
 * Remembers that the prompt was answered, so it shows only once (until logout clears storage;
 * where the browser refuses storage, for this page only).
 */
export function writePromptDismissed(): void {
  localStore.setItem(dismissedKey, '1');
}

const failureToldKey = 'convene.pushFailureTold';

/** True when this browser was already told that turning notifications on failed. */
export function readPushFailureTold(): boolean {
  return localStore.getItem(failureToldKey) === '1';
}

/**
 * Remembers that the failure was told (or, once registering works, forgets it), so a browser
 * without a push service is told once, not on every visit, and a later failure is told again.
 */
export function writePushFailureTold(isTold: boolean): void {
  if (isTold) localStore.setItem(failureToldKey, '1');
  else localStore.removeItem(failureToldKey);
}
