import { productName } from '@convene/contract';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { usePageTitle } from '../../components/usePageTitle.ts';

interface LegalScreenProps {
  document: 'terms' | 'privacy';
}

/** /terms and /privacy: short static texts, reachable signed in or not. */
export function LegalScreen({ document }: LegalScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = document === 'terms' ? t('pages.terms') : t('pages.privacy');
  usePageTitle(title);
  const handleBack = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', px: 2, py: 6 }}
    >
      <Paper
        sx={{ maxWidth: 720, width: '100%', p: { xs: 3, sm: 5 }, alignSelf: 'flex-start' }}
        elevation={0}
      >
        <img src={logoUrl} width={138} height={56} alt={productName} />
        <Typography variant="h4" component="h1" sx={{ mt: 3, mb: 2 }}>
          {title}
        </Typography>
        <Typography sx={{ mb: 2, fontWeight: 500 }}>
          {t(`legal.${document}.intro`, { product: productName })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, lineHeight: 1.7 }}>
          {t(`legal.${document}.body`, { product: productName })}
        </Typography>
        <Button variant="outlined" onClick={handleBack}>
          {t('legal.back')}
        </Button>
      </Paper>
    </Box>
  );
}
