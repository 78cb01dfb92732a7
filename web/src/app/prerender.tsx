// Runs in Node at build time only (vite.config.ts, prerenderFirstPages): never part of the
// browser's bundle.

import { productName } from '@convene/contract';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import i18n from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppFrame } from './App.tsx';
import { type Language, setupI18n, switchLanguage } from './i18n.ts';
import { AppRoutes } from './router.tsx';

/** A first page as the build writes it: the root's markup, the styles it uses and its title. */
export interface PrerenderedPage {
  /** The document title the screen sets once the app runs (usePageTitle). */
  title: string;
  /** The markup inside <div id="root">. */
  html: string;
  /** <style data-emotion> elements for <head>: exactly the rules the markup uses. */
  styles: string;
}

async function text(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream)
    parts.push(typeof part === 'string' ? Buffer.from(part) : Buffer.from(part));
  return Buffer.concat(parts).toString('utf8');
}

/** The page title of each prerendered path (what its screen passes to usePageTitle). */
const pageTitles: Record<string, 'pages.login'> = { '/login': 'pages.login' };

let started = false;

/**
 * Renders `path` as a signed-out visitor whose browser asks for `language` sees it first, with
 * the app's own components (the routes, lazy screens resolved, the frame), so that the browser
 * can hydrate the markup instead of drawing it again (main.tsx, app/prerendered.ts).
 */
export async function prerenderPage(path: string, language: Language): Promise<PrerenderedPage> {
  if (!started) {
    setupI18n();
    started = true;
  }
  await switchLanguage(language);
  // One emotion cache per page: its styles are those this page inserted, no more.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <AppFrame>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppFrame>
    </CacheProvider>,
  );
  const html = await text(prelude);
  const titleKey = pageTitles[path];
  return {
    html,
    styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)),
    title: titleKey
      ? i18n.t('app.pageTitle', { title: i18n.t(titleKey), product: productName })
      : productName,
  };
}
