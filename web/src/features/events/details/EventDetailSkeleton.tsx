import { Box, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The event page while it loads: a title, the RSVP block and a few facts. */
export function EventDetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('eventDetails.loading')} sx={{ maxWidth: 1240 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Skeleton variant="text" sx={{ flex: 1, fontSize: '2rem', maxWidth: 480 }} />
      </Box>
      <Skeleton variant="rounded" height={110} sx={{ mb: 3, maxWidth: 760 }} />
      {[0, 1, 2].map((row) => (
        <Box key={row} sx={{ display: 'flex', gap: 2, mb: 2 }}>
          <Skeleton variant="circular" width={24} height={24} />
          <Box sx={{ flex: 1, maxWidth: 520 }}>
            <Skeleton variant="text" width={80} />
            <Skeleton variant="text" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
