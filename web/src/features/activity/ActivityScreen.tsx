import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Button, CircularProgress, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { PushPrompt } from '../push/PushPrompt.tsx';
import type { ActivityTab } from './activityPaging.ts';
import { NotificationFeed } from './NotificationFeed.tsx';
import { useUnreadCount } from './useActivity.ts';
import { useMarkAllRead } from './useActivityActions.ts';

const tabPaths: Record<ActivityTab, string> = {
  notifications: '/activity',
  requests: '/activity/requests',
};
const panelId = 'activity-panel';

/** /activity and /activity/requests: the feed's two tabs (the path follows the tab) and 'Mark all as read'. */
export function ActivityScreen({ tab }: { tab: ActivityTab }) {
  const { t } = useTranslation();
  const title = t('pages.activity');
  usePageTitle(title);
  const unreadCount = useUnreadCount(true);
  const markAllRead = useMarkAllRead();
  const theme = useTheme();
  const isCompact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  return (
    <Box sx={{ maxWidth: 860, pb: 4 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 2,
          rowGap: 1,
          mb: 2,
        }}
      >
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Button
          variant="outlined"
          size={isCompact ? 'small' : 'medium'}
          onClick={() => markAllRead.mutate()}
          disabled={unreadCount === 0 || markAllRead.isPending}
          startIcon={
            markAllRead.isPending ? (
              <CircularProgress size={16} color="inherit" aria-hidden />
            ) : (
              <DoneAllIcon />
            )
          }
          sx={{ flexShrink: 0 }}
        >
          {t('activity.markAllRead')}
        </Button>
      </Box>
      <PushPrompt />
      <Tabs
        value={tab}
        aria-label={t('activity.tabs.label')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {(Object.keys(tabPaths) as ActivityTab[]).map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`activity.tabs.${value}`)}
            component={RouterLink}
            to={tabPaths[value]}
            id={`activity-tab-${value}`}
            aria-controls={panelId}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId} aria-labelledby={`activity-tab-${tab}`}>
        <NotificationFeed key={tab} tab={tab} />
      </Box>
    </Box>
  );
}
