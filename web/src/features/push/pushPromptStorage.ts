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
