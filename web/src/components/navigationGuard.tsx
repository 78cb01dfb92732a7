import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  type Location,
  type Path,
  parsePath,
  type To,
} from 'react-router';

type History = ReturnType<typeof createBrowserHistory>;
type Listener = Parameters<History['listen']>[0];

/** Whether leaving `currentLocation` for `nextLocation` should wait for the person's answer. */
export type ShouldBlock = (args: { currentLocation: Location; nextLocation: Path }) => boolean;

/** A screen's hold on navigation: `retry` moves on to where the person was going. */
interface Block {
  shouldBlock: ShouldBlock;
  onBlocked: (retry: () => void) => void;
}

/** A history whose navigations one screen at a time may hold back (`block`). */
export type GuardedHistory = History & { block: (block: Block) => () => void };

/**
 * Wraps `history` so that a registered block can hold back its pushes and replaces (links,
 * navigate()) and the browser's back and forward buttons (undone, then redone on retry). This is
 * what react-router's useBlocker does, which only its data router has: the app uses the plain
 * router, whose code is a third of the size (issue 12).
 */
export function guardHistory(history: History): GuardedHistory {
  let block: Block | null = null;
  // The location the app shows: on a pop the history has already moved on.
  let current = history.location;
  // Set while a retry runs, so the navigation it repeats is let through.
  let isRetrying = false;
  // The pop that undoes a held-back back/forward step, which the app must not see.
  let isUndoing = false;

  const isHeld = (nextLocation: Path) =>
    block !== null && !isRetrying && block.shouldBlock({ currentLocation: current, nextLocation });

  const retrying = (run: () => void) => () => {
    isRetrying = true;
    try {
      run();
    } finally {
      isRetrying = false;
    }
  };

  const guard =
    (navigate: (to: To, state?: unknown) => void) =>
    (to: To, state?: unknown): void => {
      const nextLocation = {
        pathname: '/',
        search: '',
        hash: '',
        ...(typeof to === 'string' ? parsePath(to) : to),
      };
      if (block && isHeld(nextLocation)) block.onBlocked(retrying(() => navigate(to, state)));
      else navigate(to, state);
    };

  const listen = (listener: Listener) =>
    history.listen((update) => {
      if (isUndoing) {
        isUndoing = false;
        return;
      }
      const { delta } = update;
      if (update.action === 'POP' && delta && block && isHeld(update.location)) {
        isUndoing = true;
        history.go(-delta);
        // The retry's pop arrives later (popstate is asynchronous): it is let through then.
        block.onBlocked(() => {
          isRetrying = true;
          history.go(delta);
        });
        return;
      }
      isRetrying = false;
      current = update.location;
      listener(update);
    });

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: guard((to, state) => history.push(to, state)),
    replace: guard((to, state) => history.replace(to, state)),
    listen,
    block: (next) => {
      block = next;
      return () => {
        if (block === next) block = null;
      };
    },
  };
}

const GuardedHistoryContext = createContext<GuardedHistory | null>(null);

/** The app's router: react-router's plain browser router on a guarded history (guardHistory). */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => guardHistory(createBrowserHistory({ v5Compat: true })));
  return (
    <GuardedHistoryContext.Provider value={history}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </GuardedHistoryContext.Provider>
  );
}

/** What useNavigationBlocker returns: react-router's Blocker, reduced to what screens use. */
export interface NavigationBlocker {
  state: 'unblocked' | 'blocked';
  proceed: () => void;
  reset: () => void;
}

/**
 * Holds back a navigation away from this screen while `shouldBlock` says so (unsaved changes):
 * `state` is 'blocked' until the person answers with `proceed` (go on) or `reset` (stay).
 */
export function useNavigationBlocker(shouldBlock: ShouldBlock): NavigationBlocker {
  const history = useContext(GuardedHistoryContext);
  if (!history) throw new Error('useNavigationBlocker needs GuardedBrowserRouter');
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const shouldBlockRef = useRef(shouldBlock);
  useEffect(() => {
    shouldBlockRef.current = shouldBlock;
  });
  useEffect(
    () =>
      history.block({
        shouldBlock: (args) => shouldBlockRef.current(args),
        onBlocked: (next) => setRetry(() => next),
      }),
    [history],
  );
  const proceed = useCallback(() => {
    setRetry(null);
    retry?.();
  }, [retry]);
  const reset = useCallback(() => setRetry(null), []);
  return { state: retry ? 'blocked' : 'unblocked', proceed, reset };
}
