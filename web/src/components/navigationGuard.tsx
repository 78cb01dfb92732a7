import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  createPath,
  type Location,
  NavigationType,
  type Navigator,
  type Path,
  parsePath,
  Router,
  type To,
} from 'react-router';

/** Whether leaving `currentLocation` for `nextLocation` should wait for the person's answer. */
export type ShouldBlock = (args: { currentLocation: Location; nextLocation: Path }) => boolean;

/** A screen's hold on navigation: `retry` moves on to where the person was going. */
interface Block {
  shouldBlock: ShouldBlock;
  onBlocked: (retry: () => void) => void;
}

/** What the browser's window gives the history (a small fake of it in the unit tests). */
export interface BrowserWindow {
  location: { origin: string; href: string; pathname: string; search: string; hash: string };
  history: {
    state: unknown;
    pushState: (data: unknown, unused: string, url: string) => void;
    replaceState: (data: unknown, unused: string, url?: string) => void;
    go: (delta: number) => void;
  };
  addEventListener: (type: 'popstate', listener: () => void) => void;
  removeEventListener: (type: 'popstate', listener: () => void) => void;
}

/** What the history tells the router after each navigation it lets through. */
export interface HistoryUpdate {
  action: NavigationType;
  location: Location;
}

/** A history entry's own data: react-router's browser history stores the same (usr, key, idx). */
interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

/** The browser's history for the router, whose navigations one screen at a time may hold back. */
export interface GuardedHistory extends Navigator {
  readonly action: NavigationType;
  readonly location: Location;
  listen: (listener: (update: HistoryUpdate) => void) => () => void;
  block: (block: Block) => () => void;
}

function entryState(win: BrowserWindow): EntryState {
  const state = win.history.state;
  return typeof state === 'object' && state !== null ? (state as EntryState) : {};
}

function readLocation(win: BrowserWindow): Location {
  const { pathname, search, hash } = win.location;
  const { usr = null, key = 'default' } = entryState(win);
  return { pathname, search, hash, state: usr, key };
}

/**
 * The browser's session history (pushState, replaceState, popstate) as react-router's `Router`
 * takes it (a Navigator with the location it shows), with a hold for unsaved work: a registered
 * block holds back pushes and replaces (links, navigate()) and the browser's back and forward
 * buttons (undone, then redone on retry). Written here because react-router offers this only in
 * its data router (useBlocker) and its browser history is no public export; the app keeps the
 * plain router, whose code is a third of the size (docs/ARCHITECTURE.md, the web app).
 */
export function createGuardedHistory(win: BrowserWindow): GuardedHistory {
  let block: Block | null = null;
  let action = NavigationType.Pop;
  // The location the app shows: on a pop the browser has already moved on.
  let location = readLocation(win);
  // Each entry's position, so that a pop knows how far it went (and can be undone).
  let index = entryState(win).idx ?? null;
  if (index === null) {
    index = 0;
    win.history.replaceState({ ...entryState(win), idx: index }, '');
  }
  // Set while a retry runs, so the navigation it repeats is let through.
  let isRetrying = false;
  // The pop that undoes a held-back back/forward step, which the app must not see.
  let isUndoing = false;
  let listener: ((update: HistoryUpdate) => void) | null = null;

  // As react-router's browser history: the router matches and links on these (encoded paths).
  const createURL = (to: To) => {
    const { origin, href } = win.location;
    const path = typeof to === 'string' ? to : createPath(to);
    return new URL(path.replace(/ $/, '%20'), origin !== 'null' ? origin : href);
  };

  const isHeld = (nextLocation: Path) =>
    block !== null && !isRetrying && block.shouldBlock({ currentLocation: location, nextLocation });

  const commit = (nextAction: NavigationType, nextLocation: Location, nextIndex: number | null) => {
    action = nextAction;
    location = nextLocation;
    index = nextIndex;
    listener?.({ action, location });
  };

  const write = (kind: NavigationType.Push | NavigationType.Replace, to: To, state: unknown) => {
    const next: Location = {
      pathname: location.pathname,
      search: '',
      hash: '',
      ...(typeof to === 'string' ? parsePath(to) : to),
      state: state ?? null,
      key: Math.random().toString(36).slice(2, 10),
    };
    const go = () => {
      const nextIndex = kind === NavigationType.Push ? (index ?? 0) + 1 : index;
      const data: EntryState = { usr: next.state, key: next.key, idx: nextIndex ?? undefined };
      if (kind === NavigationType.Push) win.history.pushState(data, '', createPath(next));
      else win.history.replaceState(data, '', createPath(next));
      commit(kind, next, nextIndex);
    };
    if (block && isHeld(next)) {
      block.onBlocked(() => {
        isRetrying = true;
        try {
          go();
        } finally {
          isRetrying = false;
        }
      });
    } else go();
  };

  const handlePop = () => {
    if (isUndoing) {
      isUndoing = false;
      return;
    }
    const next = readLocation(win);
    const nextIndex = entryState(win).idx ?? null;
    const delta = nextIndex === null || index === null ? 0 : nextIndex - index;
    if (delta !== 0 && block && isHeld(next)) {
      isUndoing = true;
      win.history.go(-delta);
      // The retry's pop arrives later (popstate is asynchronous): it is let through then.
      block.onBlocked(() => {
        isRetrying = true;
        win.history.go(delta);
      });
      return;
    }
    isRetrying = false;
    commit(NavigationType.Pop, next, nextIndex);
  };

  return {
    get action() {
      return action;
    },
    get location() {
      return location;
    },
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    createURL,
    encodeLocation: (to) => {
      const { pathname, search, hash } = createURL(to);
      return { pathname, search, hash };
    },
    go: (delta) => win.history.go(delta),
    push: (to, state) => write(NavigationType.Push, to, state),
    replace: (to, state) => write(NavigationType.Replace, to, state),
    listen: (next) => {
      listener = next;
      win.addEventListener('popstate', handlePop);
      return () => {
        if (listener === next) listener = null;
        win.removeEventListener('popstate', handlePop);
      };
    },
    block: (next) => {
      block = next;
      return () => {
        if (block === next) block = null;
      };
    },
  };
}

const GuardedHistoryContext = createContext<GuardedHistory | null>(null);

/**
 * The app's router: react-router's plain `Router` on the guarded browser history, each
 * navigation rendered in a transition (the current screen stays while the next one loads).
 */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createGuardedHistory(window));
  const [shown, setShown] = useState<HistoryUpdate>(() => ({
    action: history.action,
    location: history.location,
  }));
  useLayoutEffect(() => history.listen((update) => startTransition(() => setShown(update))), [history]);
  return (
    <GuardedHistoryContext.Provider value={history}>
      <Router location={shown.location} navigationType={shown.action} navigator={history}>
        {children}
      </Router>
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
