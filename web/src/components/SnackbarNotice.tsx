import { Alert, type AlertColor, Snackbar as MuiSnackbar, type SnackbarCloseReason } from '@mui/material';

/** One notice as the snackbar shows it. */
export interface Notice {
  id: number;
  message: string;
  severity: AlertColor;
  autoHideMs: number;
}

/** The app's snackbar: a chunk of its own, loaded when the first notice is shown (SnackbarProvider). */
export function SnackbarNotice({
  notice,
  isOpen,
  onClose,
}: {
  notice: Notice;
  isOpen: boolean;
  onClose: () => void;
}) {
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page must not hide a notice the user has not read yet.
    if (reason === 'clickaway') return;
    onClose();
  };
  return (
    <MuiSnackbar
      key={notice.id}
      open={isOpen}
      autoHideDuration={notice.autoHideMs}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // Above the bottom tab bar of small screens.
      sx={{ bottom: { xs: 72, md: 24 } }}
    >
      <Alert
        onClose={onClose}
        severity={notice.severity}
        variant="filled"
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {notice.message}
      </Alert>
    </MuiSnackbar>
  );
}
