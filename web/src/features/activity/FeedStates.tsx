import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { Alert, Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import type { ActivityTab } from './activityPaging.ts';

/** Placeholder cards while the first page loads. */
export function FeedSkeleton({ isCompact }: { isCompact: boolean }) {
  const { t } = useTranslation();
  const avatar = isCompact ? 36 : 44;
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        {t('common.loading')}
      </Box>
      {[0, 1, 2, 3, 4].map((row) => (
        <Paper
          key={row}
          variant="outlined"
          aria-hidden
          sx={{ mb: 1.5, p: isCompact ? 1.5 : 2, display: 'flex', gap: 2 }}
        >
          <Skeleton variant="circular" width={avatar} height={avatar} sx={{ flexShrink: 0 }} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" width={row % 2 ? '70%' : '85%'} />
            <Skeleton variant="text" width="35%" sx={{ fontSize: '0.8rem' }} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/** What an empty tab says. */
export function FeedEmpty({ tab }: { tab: ActivityTab }) {
  const { t } = useTranslation();
  const Icon = tab === 'requests' ? InboxOutlinedIcon : NotificationsNoneOutlinedIcon;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}
    >
      <Icon color="primary" aria-hidden sx={{ fontSize: 44 }} />
      <Typography variant="h6" component="p">
        {t(`activity.empty.${tab}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', maxWidth: 420 }}>
        {t(`activity.empty.${tab}.text`)}
      </Typography>
    </Paper>
  );
}

/** The feed could not be loaded: an empty list and the status (PRODUCT.md §2.7), with a retry. */
export function FeedError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const text =
    error instanceof ApiError
      ? t('activity.loadFailed', { status: error.status })
      : t('activity.loadFailedNetwork');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap' }}>
          {t('activity.retry')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
