import type { Calendar } from '@convene/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Alert, Box, Breadcrumbs, Button, Chip, IconButton, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CalendarMoreMenu } from './CalendarMoreMenu.tsx';
import { CoverImage } from './CoverImage.tsx';
import { VisibilityLabel } from './VisibilityLabel.tsx';

/** The top of a calendar: back, breadcrumbs, Edit (canEdit), More actions (leave), cover, title and labels. */
export function CalendarHeader({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box component="header" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, minHeight: 40 }}>
        <IconButton
          edge="start"
          aria-label={t('calendar.detail.back')}
          onClick={() => void navigate('/calendars')}
        >
          <ArrowBackIcon />
        </IconButton>
        <Breadcrumbs
          aria-label={t('calendar.detail.breadcrumbs')}
          sx={{
            flex: 1,
            minWidth: 0,
            '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
            '& .MuiBreadcrumbs-li:last-of-type': { minWidth: 0 },
          }}
        >
          <Link component={RouterLink} to="/calendars" color="inherit">
            {t('calendar.detail.breadcrumbRoot')}
          </Link>
          <Typography color="text.primary" aria-current="page" noWrap>
            {calendar.name}
          </Typography>
        </Breadcrumbs>
        {calendar.abilities.edit ? (
          <Button
            component={RouterLink}
            to={`/calendar/edit/${encodeURIComponent(calendar.calendarId)}`}
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
          >
            {t('calendar.detail.edit')}
          </Button>
        ) : null}
        <CalendarMoreMenu calendar={calendar} />
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: { xs: 2, sm: 3 },
        }}
      >
        <CoverImage
          cover={calendar.coverPhoto}
          color={calendar.color}
          sx={{
            width: { xs: '100%', sm: 280 },
            flexShrink: 0,
            borderRadius: 3,
            // Without a cover, a phone gets a slim colour band rather than a large empty block.
            ...(calendar.coverPhoto
              ? {}
              : { aspectRatio: { xs: 'auto', sm: '2 / 1' }, height: { xs: 72, sm: 'auto' } }),
          }}
        />
        <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography
            variant="h4"
            component="h1"
            title={calendar.name}
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
              fontSize: { xs: '1.6rem', sm: '2.125rem' },
            }}
          >
            {calendar.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <VisibilityLabel visibility={calendar.visibility} />
            {calendar.isPersonal ? (
              <Chip size="small" variant="outlined" label={t('calendar.personal')} sx={{ fontWeight: 600 }} />
            ) : null}
          </Box>
        </Box>
      </Box>
      {calendar.currentUser?.status === 'pending' ? (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          action={
            <Button component={RouterLink} to="/activity/requests" color="inherit" size="small">
              {t('calendar.detail.openRequests')}
            </Button>
          }
        >
          {t('calendar.detail.pendingInvitation')}
        </Alert>
      ) : null}
    </Box>
  );
}
