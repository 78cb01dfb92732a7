import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its heading (data loading) before main gets focus. */
const headingWaitMs = 3000;

/**
 * After a route change (not on the first load), moves focus to the new screen's heading (its h1,
 * made focusable with tabIndex -1) or, without one, to main, so that screen readers announce the
 * new screen and keyboard users continue from its top (issue 10 point 5). Focus a screen placed
 * itself inside main (a form's first field) is left alone; query changes (dialogs) do not count.
 */
export function useRouteFocus(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const isFirst = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    const main = mainRef.current;
    if (isFirst || !changed || !main) return;

    const focusTarget = (): boolean => {
      const active = document.activeElement;
      if (active && active !== document.body && main.contains(active) && active !== main) return true;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusTarget()) return;

    const observer = new MutationObserver(() => {
      if (focusTarget()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      if (!main.contains(document.activeElement)) main.focus({ preventScroll: true });
    }, headingWaitMs);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainRef]);
}
