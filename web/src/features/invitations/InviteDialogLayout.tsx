import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The dialog around an invite form: full screen on phones, its content mounted from opening until
 * it has left (so each opening starts afresh), labelled by the id handed to the content.
 */
export function InviteDialogShell({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: (frame: { titleId: string; isFullScreen: boolean }) => ReactNode;
}) {
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  // The content stays while the dialog leaves (its title names the dialog until it is gone) and
  // is dropped once it has left, so the next opening starts afresh.
  const [hasContent, setHasContent] = useState(open);
  if (open && !hasContent) setHasContent(true);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isNarrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => setHasContent(false) } }}
    >
      {open || hasContent ? children({ titleId, isFullScreen: isNarrow }) : null}
    </Dialog>
  );
}

interface InviteDialogLayoutProps {
  titleId: string;
  title: string;
  /** Phones get the dialog full screen, with a close button in its title. */
  isFullScreen: boolean;
  /** While the bot check runs or the invitation is sent. */
  isSending: boolean;
  isChecking: boolean;
  canConfirm: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}

/** The frame shared by the invite dialogs: a form with its title, content, Cancel and Invite. */
export function InviteDialogLayout({
  titleId,
  title,
  isFullScreen,
  isSending,
  isChecking,
  canConfirm,
  onSubmit,
  onClose,
  children,
}: InviteDialogLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Box>
        {isFullScreen ? (
          <IconButton edge="end" aria-label={t('inviteUsers.close')} onClick={onClose} disabled={isSending}>
            <CloseIcon />
          </IconButton>
        ) : null}
      </DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isSending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!canConfirm || isSending}
          aria-busy={isSending}
          startIcon={isSending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {isChecking ? t('inviteUsers.checking') : t('inviteUsers.confirm')}
        </Button>
      </DialogActions>
    </Box>
  );
}
