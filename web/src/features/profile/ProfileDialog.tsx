import CloseIcon from '@mui/icons-material/Close';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { ProfileAvatar } from './ProfileDetails.tsx';
import { ProfileDialogBody } from './ProfileDialogBody.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { useUserProfile } from './useProfileQueries.ts';

interface ProfileDialogProps {
  /** The user to show; null closes the dialog. */
  userId: string | null;
  onClose: () => void;
}

function LoadingProfile() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }} aria-hidden>
      <Skeleton variant="circular" width={96} height={96} />
      <Skeleton variant="text" width={180} height={36} />
      <Skeleton variant="rounded" width="100%" height={40} />
      <Skeleton variant="rounded" width="100%" height={96} />
    </Stack>
  );
}

/**
 * Another user's profile (PRODUCT.md §1.2): avatar and name, Chat / Meet / Notes, private notes,
 * About me, user details and social profiles, with Report in the header.
 */
export function ProfileDialog({ userId, onClose }: ProfileDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  // Kept while the dialog fades out, so its content does not vanish first.
  const [shownUserId, setShownUserId] = useState(userId);
  if (userId !== null && userId !== shownUserId) setShownUserId(userId);
  const [isReportOpen, setIsReportOpen] = useState(false);
  const [isEditingNote, setIsEditingNote] = useState(false);
  const query = useUserProfile(shownUserId);
  const profile = query.data;

  const handleClose = () => {
    setIsEditingNote(false);
    onClose();
  };

  const isNotFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <Dialog
      open={userId !== null}
      onClose={handleClose}
      aria-labelledby={titleId}
      fullScreen={isNarrow}
      fullWidth
      maxWidth="sm"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1, pt: 1 }}>
        {profile ? (
          <Button color="error" startIcon={<FlagOutlinedIcon />} onClick={() => setIsReportOpen(true)}>
            {t('profile.report.button')}
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t('profile.dialog.close')}>
          <IconButton onClick={handleClose} aria-label={t('profile.dialog.close')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <DialogContent sx={{ pt: 0 }}>
        {query.isPending && shownUserId !== null ? (
          <>
            <Typography id={titleId} sx={{ position: 'absolute', opacity: 0 }}>
              {t('pages.profile')}
            </Typography>
            <LoadingProfile />
          </>
        ) : null}
        {query.isError ? (
          <Stack spacing={2} sx={{ py: 2 }}>
            <Typography id={titleId} variant="h6" component="h2">
              {t('pages.profile')}
            </Typography>
            <Alert
              severity={isNotFound ? 'info' : 'error'}
              action={
                isNotFound ? null : (
                  <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                    {t('profile.dialog.retry')}
                  </Button>
                )
              }
            >
              {isNotFound ? t('profile.dialog.notFound') : t('profile.dialog.loadError')}
            </Alert>
          </Stack>
        ) : null}
        {profile && shownUserId ? (
          <Stack spacing={3} sx={{ pb: 2 }}>
            <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
              <ProfileAvatar name={profile.name} imageLink={profile.imageLink} size={96} />
              <Typography
                id={titleId}
                variant="h5"
                component="h2"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {profile.name}
              </Typography>
            </Stack>
            <ProfileDialogBody
              profile={profile}
              isEditingNote={isEditingNote}
              onToggleNote={() => setIsEditingNote((editing) => !editing)}
              onNoteDone={() => setIsEditingNote(false)}
            />
          </Stack>
        ) : null}
      </DialogContent>
      {profile ? (
        <ReportDialog
          open={isReportOpen}
          userId={profile.userId}
          name={profile.name}
          onClose={() => setIsReportOpen(false)}
        />
      ) : null}
    </Dialog>
  );
}
