import { productName } from '@convene/contract';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type en from '../i18n/en.json';
import { usePageTitle } from './usePageTitle.ts';

/** A screen name with a title under pages.{name}. */
export type PageName = keyof typeof en.pages;

/** A screen whose feature is not built yet: its title and a plain 'coming soon' note. */
export function ComingSoon({ page }: { page: PageName }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}`);
  usePageTitle(title);
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      >
        <ConstructionOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="p">
          {t('comingSoon.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', maxWidth: 420 }}>
          {t('comingSoon.text', { product: productName })}
        </Typography>
      </Paper>
    </Box>
  );
}
