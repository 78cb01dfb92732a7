import { isPushWorkerRegistration } from '../features/push/pushRegistration.ts';

/**
 * Unregisters any service worker an earlier version of the app installed (spec: on load), except
 * our push-only worker (push-sw.js), which has no fetch handler and caches nothing.
 */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // A frame the browser denies storage (third-party, under its blocking) may not use service
  // workers at all ("The user denied permission"): it has none to unregister.
  const registrations = await navigator.serviceWorker
    .getRegistrations()
    .catch((): readonly ServiceWorkerRegistration[] => []);
  const stale = registrations.filter((registration) => !isPushWorkerRegistration(registration));
  await Promise.all(stale.map((registration) => registration.unregister()));
}
