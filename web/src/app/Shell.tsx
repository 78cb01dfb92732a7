import { layout } from '@convene/contract';
import { Box, Link, useMediaQuery, useTheme } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { QueryProvider } from '../api/QueryProvider.tsx';
import { useEmailConfirmedNotice } from '../features/auth/useEmailConfirmedNotice.ts';
import { ProfileDialogHost } from '../features/profile/index.ts';
import { BottomTabs } from './BottomTabs.tsx';
import { SideNav } from './SideNav.tsx';
import { useRouteFocus } from './useRouteFocus.ts';
// The signed-in screens' English texts, in place before any of them draws (issue 12).
import './i18nSignedIn.ts';

const mainId = 'main-content';

/**
 * The signed-in frame: side navigation (md and up) or bottom tabs, around the current screen,
 * with the app's query cache for all of it.
 */
export function Shell() {
  return (
    <QueryProvider>
      <ShellFrame />
    </QueryProvider>
  );
}

function ShellFrame() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { pathname } = useLocation();
  // Chat screens manage their own height (message list and composer); others fill the viewport.
  const isChat = pathname.includes('/chat');
  useEmailConfirmedNotice();
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href={`#${mainId}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToContent')}
      </Link>
      {isWide ? <SideNav /> : null}
      <Box
        component="main"
        ref={mainRef}
        id={mainId}
        tabIndex={-1}
        sx={{
          flex: 1,
          minWidth: 0,
          mt: `${layout.contentMargin}px`,
          mr: isWide ? `${layout.contentMargin}px` : 2,
          ml: isWide ? `${layout.contentMargin}px` : 2,
          height: isChat ? 'auto' : `calc(100vh - ${layout.contentMargin}px)`,
          pb: isWide ? 0 : `${layout.bottomBarPadding}px`,
          boxSizing: 'border-box',
          outline: 'none',
        }}
      >
        <Outlet />
        {/* Main has a fixed height, so its padding cannot keep a long screen's end clear of the
            bottom tabs; this spacer ends the overflowing content above them. */}
        {isWide || isChat ? null : <Box aria-hidden sx={{ height: layout.bottomBarPadding }} />}
      </Box>
      {/* Another user's profile, over any screen (?person=<userId>, opened by useProfileDialog). */}
      <ProfileDialogHost />
      {isWide ? null : <BottomTabs />}
    </Box>
  );
}
