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

/**
 * A screen whose code is loaded when it is first rendered (its module becomes a chunk of its
 * own), behind a Suspense boundary showing ScreenFallback:
 * `const CalendarsScreen = lazyScreen(() => import('./CalendarsScreen.tsx').then((m) => m.CalendarsScreen))`.
 */
export function lazyScreen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Screen = lazy(async () => ({ default: await load() }));
  function LazyScreen(props: Props) {
    return (
      <Suspense fallback={<ScreenFallback />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return LazyScreen;
}

/**
 * A signed-in screen other than the calendars list (lazyScreen): its code and the screens'
 * English texts (i18n/screenTexts.ts) load side by side, and it draws once both are there.
 */
export function lazySignedInScreen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazyScreen(() => Promise.all([load(), loadScreenTexts()]).then(([Screen]) => Screen));
}
