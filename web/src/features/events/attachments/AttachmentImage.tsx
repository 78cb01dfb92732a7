import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An attachment's image; one that fails to load says 'This attachment is not available.'. */
export function AttachmentImage({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (failedUrl === url) {
    return (
      <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
        <Typography variant="body2" color="text.secondary">
          {t('eventExtras.unavailable')}
        </Typography>
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailedUrl(url)}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 480, borderRadius: 2, objectFit: 'contain' }}
    />
  );
}
