/** Where the push-only service worker is served (web/public/push-sw.js). */
export const pushWorkerPath = '/push-sw.js';

/** The browser's notification permission (Notification.permission). */
export type PushPermission = 'default' | 'granted' | 'denied';

/**
 * What the app does about Web Push after sign-in (PRODUCT.md §1.4):
 * register a device, show the in-app prompt, forget a device the user has since blocked, or nothing.
 */
export type PushAction = 'register' | 'prompt' | 'disable' | 'none';

/** What decides the push flow. */
export interface PushState {
  /** Service workers, the Push API and notifications all exist in this browser. */
  isSupported: boolean;
  permission: PushPermission;
  /** The user answered 'Not now' to the in-app prompt before. */
  wasDismissed: boolean;
}

/** The push action for a permission state: granted registers, default prompts once, denied disables. */
export function decidePushAction({ isSupported, permission, wasDismissed }: PushState): PushAction {
  if (!isSupported) return 'none';
  if (permission === 'granted') return 'register';
  if (permission === 'denied') return 'disable';
  return wasDismissed ? 'none' : 'prompt';
}

/** True when a service worker script is our push worker (the shell keeps it, unregisters the rest). */
export function isPushWorkerUrl(scriptUrl: string): boolean {
  try {
    return new URL(scriptUrl, 'http://localhost').pathname === pushWorkerPath;
  } catch {
    return false;
  }
}

/** Decodes the VAPID public key (URL-safe base64, unpadded) into the bytes pushManager.subscribe wants. */
export function decodeVapidKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** True when two keys hold the same bytes (a subscription made with another server key must be renewed). */
export function isSameKey(first: ArrayBuffer | Uint8Array | null, second: Uint8Array): boolean {
  if (!first) return false;
  const bytes = first instanceof Uint8Array ? first : new Uint8Array(first);
  return bytes.length === second.length && bytes.every((value, index) => value === second[index]);
}
