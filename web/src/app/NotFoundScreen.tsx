import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from './usePageTitle.ts';

/** /404: where unknown paths end. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notFound'));
  return (
    <Box
      component="main"
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
      <Button component={RouterLink} to="/" variant="contained" size="large">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
