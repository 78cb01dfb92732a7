import { layout, productName } from '@convene/contract';
import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import logoUrl from '../../assets/logo.svg';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** The frame of the authentication screen: a brand panel on wide screens and the form card. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', md: 'flex' },
          flex: '0 0 42%',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          p: 6,
          color: 'primary.contrastText',
          background: 'linear-gradient(150deg, #4256c1 0%, #2f3f99 55%, #1f2a5c 100%)',
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <Box
          sx={{
            position: 'absolute',
            width: 420,
            height: 420,
            borderRadius: '50%',
            top: -120,
            right: -140,
            bgcolor: 'rgba(255,255,255,0.08)',
          }}
        />
        <Box
          sx={{
            position: 'absolute',
            width: 260,
            height: 260,
            borderRadius: '50%',
            top: 180,
            left: -90,
            bgcolor: 'rgba(255,255,255,0.06)',
          }}
        />
        <Typography variant="h3" component="p" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 2 }}>
          {productName}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9, maxWidth: 360 }}>
          {t('auth.tagline')}
        </Typography>
      </Box>
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 2, sm: 4 },
          py: { xs: 3, sm: 6 },
        }}
      >
        <Paper
          elevation={0}
          sx={{
            width: '100%',
            maxWidth: 440,
            p: { xs: 3, sm: 5 },
            border: 1,
            borderColor: 'divider',
            boxShadow: '0 12px 40px rgba(31, 42, 92, 0.08)',
          }}
        >
          <img src={logoUrl} width={layout.logoWidth} height={layout.logoHeight} alt={productName} />
          <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
            {subtitle}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
