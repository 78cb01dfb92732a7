// First import: configures zod before any module defines a schema.
import './app/zodConfig.ts';
// Second: starts loading the first screen's code while the rest of the app starts.
import './app/preloadFirstScreen.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadDetectedLanguage, setupI18n } from './app/i18n.ts';
import { unregisterServiceWorkers } from './app/serviceWorker.ts';
import { captureEmbedLaunch } from './features/embed/index.ts';

// Before the session is restored: embedded mode decides where it is kept, and the sign-in code
// leaves the address before anything else runs (issue 16).
captureEmbedLaunch();
setupI18n();
void unregisterServiceWorkers();

const container = document.getElementById('root');
// A Romanian reader's translation is loaded first (English is in this bundle), then the app draws.
void loadDetectedLanguage()
  .catch(() => undefined)
  .then(() => {
    if (!container) return;
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
