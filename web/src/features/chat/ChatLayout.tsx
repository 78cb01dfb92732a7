import { layout } from '@convene/contract';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { Box, Paper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { ConversationList } from './ConversationList.tsx';
import { useStartChatFromProfile } from './useStartChat.ts';

/**
 * The chat's frame (PRODUCT.md §2.2 Chat): from `sm` up the list (at least 305 px) beside the
 * open conversation; on phones one of them at a time. It sets its own height so the message
 * list scrolls between the top bar and the composer.
 */
export function ChatLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isTwoColumns = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const hasSideNav = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const isHome = useMatch('/chat') !== null;
  usePageTitle(t('pages.chat'));
  useStartChatFromProfile();
  const bottom = hasSideNav ? layout.contentMargin / 2 : layout.bottomBarPadding + 8;
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        height: `calc(100dvh - ${layout.contentMargin + bottom}px)`,
        minHeight: 360,
      }}
    >
      {isHome ? (
        // The chat's home names the screen for screen readers (a conversation's name is its h1).
        <Typography variant="h1" sx={visuallyHidden}>
          {t('pages.chat')}
        </Typography>
      ) : null}
      {isTwoColumns || isHome ? (
        <Paper
          variant="outlined"
          component="section"
          aria-label={t('chat.list.label')}
          sx={{
            flex: isTwoColumns ? '0 0 clamp(305px, 32%, 380px)' : 1,
            minWidth: 0,
            display: 'flex',
            flexDirection: 'column',
            overflow: 'hidden',
          }}
        >
          <ConversationList />
        </Paper>
      ) : null}
      {isTwoColumns || !isHome ? (
        <Paper
          variant="outlined"
          sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
        >
          <Outlet />
        </Paper>
      ) : null}
    </Box>
  );
}

/** The right-hand pane when no conversation is open (wide screens). */
export function ChatEmptyPane() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        color: 'text.secondary',
        p: 4,
        textAlign: 'center',
      }}
    >
      <ForumOutlinedIcon aria-hidden sx={{ fontSize: 64, opacity: 0.4 }} />
      <Typography>{t('chat.emptyPane')}</Typography>
    </Box>
  );
}
