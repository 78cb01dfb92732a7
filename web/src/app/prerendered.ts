import { readStoredAccount } from '../features/auth/sessionStorage.ts';
import { isEmbedded } from '../features/embed/index.ts';

/**
 * What the build wrote on <div id="root"> of a prerendered page (vite.config.ts,
 * prerenderFirstPages): the path and the language it was rendered for.
 */
export interface PrerenderMark {
  path: string;
  language: string;
}

/** The prerendered page's mark, or null when the root holds no prerendered markup. */
export function prerenderMark(root: HTMLElement): PrerenderMark | null {
  const { prerenderedPath: path, prerenderedLanguage: language } = root.dataset;
  return path && language && root.firstChild ? { path, language } : null;
}

/** What the browser's first render depends on beyond the path, read from the page. */
export interface Visit {
  pathname: string;
  search: string;
  hash: string;
  /** The language i18next settled on. */
  language: string;
  /** Whether history.state carries app state (a reload after an in-app navigation). */
  hasHistoryState: boolean;
  isSignedIn: boolean;
  isEmbedded: boolean;
}

/** The current visit, as main.tsx sees it once the language is loaded. */
export function currentVisit(language: string): Visit {
  const state: unknown = window.history.state;
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    language,
    hasHistoryState: typeof state === 'object' && state !== null && (state as { usr?: unknown }).usr != null,
    isSignedIn: readStoredAccount() !== null,
    isEmbedded: isEmbedded(),
  };
}

/**
 * Whether the app's first render draws exactly the prerendered markup, so that React may hydrate
 * it (keep it, attach the handlers) rather than draw the page again. The build rendered it for a
 * signed-out visitor in a tab of its own, in one language, at the bare path: any other visit (a
 * session, another language, an address with a query, a framed tab) is drawn afresh. (Reduced
 * motion is not one: the app's theme follows it once hydrated, see AppFrame.)
 */
export function prerenderFits(mark: PrerenderMark, visit: Visit): boolean {
  return (
    mark.path === visit.pathname &&
    mark.language === visit.language &&
    visit.search === '' &&
    visit.hash === '' &&
    !visit.hasHistoryState &&
    !visit.isSignedIn &&
    !visit.isEmbedded
  );
}
