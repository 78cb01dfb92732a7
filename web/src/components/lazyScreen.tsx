import { Box, CircularProgress } from '@mui/material';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadScreenTexts } from '../i18n/screenTexts.ts';
import { visuallyHidden } from './visuallyHidden.ts';

/** How long a screen's code may take to load before anything says so (most loads take less). */
export const fallbackDelayMs = 400;

/**
 * What a route shows while its screen's code loads: nothing at first, so a quick load does not
 * flash a bar, then a spinner announced as "Loading…". Moving between
 * screens keeps the current one on screen instead (the router navigates in a transition).
 */
export function ScreenFallback() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), fallbackDelayMs);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {t('common.loading')}
      </Box>
    </Box>
  );
}

/** A lazy screen (lazyScreen), which can also be asked to load its code ahead of rendering. */
export type LazyScreen<Props extends object> = ComponentType<Props> & {
  /** Loads the screen's code; once it is in, the screen renders without suspending. */
  preload: () => Promise<unknown>;
};

/** A thenable that calls back at once: React.lazy then renders the module without suspending. */
const settled = <T,>(value: T): PromiseLike<T> => ({
  // biome-ignore lint/suspicious/noThenProperty: a thenable that settles at once is the point.
  then: (resolve) => Promise.resolve(resolve ? resolve(value) : value) as never,
});

/**
 * A screen whose code is loaded when it is first rendered (its module becomes a chunk of its
 * own), behind a Suspense boundary showing ScreenFallback:
 * `const CalendarsScreen = lazyScreen(() => import('./CalendarsScreen.tsx').then((m) => m.CalendarsScreen))`.
 * Loaded once (preload or first render), it renders at once: a prerendered page's screen hydrates
 * in the same pass as the rest of the page (main.tsx).
 */
export function lazyScreen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyScreen<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed download is tried again at the next render.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Screen = lazy(() =>
    loaded
      ? // React.lazy accepts any thenable; its type asks for a Promise.
        (settled({ default: loaded }) as Promise<{ default: ComponentType<Props> }>)
      : preload().then((component) => ({ default: component })),
  );
  function LazyScreen(props: Props) {
    return (
      <Suspense fallback={<ScreenFallback />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyScreen, { preload });
}

/**
 * A signed-in screen other than the calendars list (lazyScreen): its code and the screens'
 * English texts (i18n/screenTexts.ts) load side by side, and it draws once both are there.
 */
export function lazySignedInScreen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyScreen<Props> {
  return lazyScreen(() => Promise.all([load(), loadScreenTexts()]).then(([Screen]) => Screen));
}
