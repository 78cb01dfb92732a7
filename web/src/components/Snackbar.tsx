import { limits } from '@convene/contract';
import { Alert, type AlertColor, Snackbar as MuiSnackbar, type SnackbarCloseReason } from '@mui/material';
import { createContext, type ReactNode, use, useCallback, useMemo, useState } from 'react';

/** Options of one notice. */
export interface SnackbarOptions {
  severity?: AlertColor;
  /** Auto-hide delay in milliseconds (spec default 6000). */
  autoHideMs?: number;
}

interface Notice extends Required<SnackbarOptions> {
  id: number;
  message: string;
}

interface SnackbarApi {
  /** Shows a translated message at the bottom of the screen; a newer one replaces the older. */
  showSnackbar: (message: string, options?: SnackbarOptions) => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

let nextId = 1;

/** Renders the app's one snackbar and lets any screen show a notice with useSnackbar(). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  const showSnackbar = useCallback((message: string, options: SnackbarOptions = {}) => {
    setNotice({
      id: nextId++,
      message,
      severity: options.severity ?? 'info',
      autoHideMs: options.autoHideMs ?? limits.snackbarMs,
    });
    setIsOpen(true);
  }, []);

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page must not hide a notice the user has not read yet.
    if (reason === 'clickaway') return;
    setIsOpen(false);
  };

  const api = useMemo(() => ({ showSnackbar }), [showSnackbar]);

  return (
    <SnackbarContext value={api}>
      {children}
      <MuiSnackbar
        key={notice?.id}
        open={isOpen}
        autoHideDuration={notice?.autoHideMs}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        // Above the bottom tab bar of small screens.
        sx={{ bottom: { xs: 72, md: 24 } }}
      >
        <Alert
          onClose={() => setIsOpen(false)}
          severity={notice?.severity ?? 'info'}
          variant="filled"
          sx={{ width: '100%', alignItems: 'center' }}
        >
          {notice?.message}
        </Alert>
      </MuiSnackbar>
    </SnackbarContext>
  );
}

/** Shows notices through the app's snackbar. */
export function useSnackbar(): SnackbarApi {
  const api = use(SnackbarContext);
  if (!api) throw new Error('useSnackbar needs a SnackbarProvider');
  return api;
}
