const dismissedKey = 'convene.pushPromptDismissed';

/** True when the user already answered the in-app push prompt ('Not now' or the browser's dialog). */
export function readPromptDismissed(): boolean {
  try {
    return localStorage.getItem(dismissedKey) === '1';
  } catch {
    return false;
  }
}

/** Remembers that the prompt was answered, so it shows only once (until logout clears storage). */
export function writePromptDismissed(): void {
  try {
    localStorage.setItem(dismissedKey, '1');
  } catch {
    // Storage may be unavailable (private mode); the prompt then shows again next time.
  }
}
