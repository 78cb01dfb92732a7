import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { notFoundReason } from '../components/notFoundState.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

/** /404: where unknown paths end; a screen that knows why (an open event deleted) says so too. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const reason = notFoundReason(useLocation().state);
  usePageTitle(t('pages.notFound'));
  return (
    // Not a landmark itself: it shows inside the shell's main or OptionalShell's (one main per page).
    <Box
      sx={{
        minHeight: '70vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        textAlign: 'center',
        px: 2,
      }}
    >
      <Typography variant="h2" component="h1" sx={{ fontWeight: 800, color: 'primary.main' }}>
        {t('notFound.title')}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary">
        {t('notFound.text')}
      </Typography>
      {reason === 'eventGone' ? (
        <Typography sx={{ maxWidth: 480 }}>{t('notFound.eventGone')}</Typography>
      ) : null}
      <Button component={RouterLink} to="/" variant="contained" size="large">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
