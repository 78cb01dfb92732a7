// First import: configures zod before any module defines a schema.
import './app/zodConfig.ts';
// Second: starts loading the first screen's code while the rest of the app starts.
import './app/preloadFirstScreen.ts';
import { productName } from '@convene/contract';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadDetectedLanguage, setupI18n } from './app/i18n.ts';
import { currentVisit, prerenderFits, prerenderMark } from './app/prerendered.ts';
import { prerenderedScreens, signedInFirstScreens } from './app/router.tsx';
import { unregisterServiceWorkers } from './app/serviceWorker.ts';
import { captureEmbedLaunch, showEmbedFailure } from './features/embed/index.ts';

// Before the session is restored: embedded mode decides where it is kept, and the sign-in code
// leaves the address before anything else runs (issue 16).
captureEmbedLaunch();
const i18n = setupI18n();
void unregisterServiceWorkers();

const container = document.getElementById('root');

/**
 * An error nothing caught: reported as React would (the console), and in a host's frame, which
 * would otherwise stay blank, said in the frame and to the host (features/embed).
 */
function failed(error: unknown): void {
  globalThis.reportError(error);
  showEmbedFailure(i18n.t('auth.embed.appFailed', { product: productName }));
}
const rootOptions: RootOptions = { onUncaughtError: failed };

/** Draws the app: hydrates the prerendered page when this visit draws the same, else afresh. */
async function start(root: HTMLElement): Promise<void> {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The sign-in page comes prerendered by the build (app/prerender.tsx): it was drawn before
  // this code ran (issue 12).
  const mark = prerenderMark(root);
  const visit = currentVisit(i18n.resolvedLanguage ?? i18n.language);
  const screen = mark ? prerenderedScreens[mark.path] : undefined;
  if (mark && screen && prerenderFits(mark, visit)) {
    // With its screen's code in (preloadFirstScreen.ts fetched it), the whole page hydrates in
    // one pass: a lazy screen still loading then would be drawn afresh by the first update above
    // it (the theme following reduced motion, say), losing what was typed.
    await screen.preload().catch(() => undefined);
    hydrateRoot(root, app, rootOptions);
    return;
  }
  if (mark) root.replaceChildren();
  if (visit.isSignedIn) await Promise.all(signedInFirstScreens(visit.pathname)).catch(() => undefined);
  createRoot(root, rootOptions).render(app);
}

// A Romanian reader's translation is loaded first (English is in this bundle), then the app draws.
void loadDetectedLanguage()
  .catch(() => undefined)
  .then(() => (container ? start(container) : undefined))
  .catch(failed);
