import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the page is prerendered markup (in the build, app/prerender.tsx, and while the
 * browser hydrates it), true once the app runs it: a prerendered form's submit button waits for
 * it, so a click before the app started is not lost silently. Without prerendering it is true
 * from the first render.
 */
export function useIsStarted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
