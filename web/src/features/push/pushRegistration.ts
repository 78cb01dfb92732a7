import { apiSend } from '../../api/client.ts';
import {
  decodeVapidKey,
  isPushWorkerUrl,
  isSameKey,
  type PushPermission,
  pushWorkerPath,
} from './pushDecision.ts';

/** True when this browser can receive Web Push: service workers, the Push API and notifications. */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The browser's current notification permission. */
export function readPushPermission(): PushPermission {
  return Notification.permission;
}

/** Asks the browser for permission to show notifications (only after a click on 'Enable'). */
export function requestPushPermission(): Promise<PushPermission> {
  return Notification.requestPermission();
}

/** True when a service worker registration is our push worker's (whatever state its worker is in). */
export function isPushWorkerRegistration(registration: ServiceWorkerRegistration): boolean {
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  return worker ? isPushWorkerUrl(worker.scriptURL) : false;
}

async function findPushRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  return registrations.find(isPushWorkerRegistration);
}

/**
 * Registers the push worker, subscribes with the server's VAPID key (renewing a subscription made
 * with another key) and stores the subscription with POST /api/devices. Throws when the browser's
 * push service refuses.
 */
export async function registerPush(vapidPublicKey: string): Promise<void> {
  await navigator.serviceWorker.register(pushWorkerPath, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const applicationServerKey = decodeVapidKey(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !isSameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await apiSend('/api/devices', { method: 'POST', body: { deviceToken: subscription.toJSON() } });
}

/** Signing out waits at most this long for the push clean-up. */
const unregisterTimeoutMs = 3000;

/**
 * At logout or once permission is denied: the server forgets this browser (DELETE /api/devices)
 * and the subscription ends. Never throws, and gives up after 3 s: signing out must not hang on the push service.
 */
export async function unregisterPush(): Promise<void> {
  if (!isPushSupported()) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, unregisterTimeoutMs);
  });
  await Promise.race([forgetSubscription(), giveUp]);
  clearTimeout(timer);
}

async function forgetSubscription(): Promise<void> {
  try {
    const registration = await findPushRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await apiSend('/api/devices', { method: 'DELETE', body: { deviceToken: subscription.toJSON() } }).catch(
      () => undefined,
    );
    await subscription.unsubscribe();
  } catch {
    // Nothing more to do: the push service drops a subscription the server no longer uses (410).
  }
}
