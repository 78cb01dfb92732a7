import { limits } from '@convene/contract';
import type { AlertColor } from '@mui/material';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { Notice } from './SnackbarNotice.tsx';

/** Options of one notice. */
export interface SnackbarOptions {
  severity?: AlertColor;
  /** Auto-hide delay in milliseconds (spec default 6000). */
  autoHideMs?: number;
}

interface SnackbarApi {
  /** Shows a translated message at the bottom of the screen; a newer one replaces the older. */
  showSnackbar: (message: string, options?: SnackbarOptions) => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

// The snackbar (MUI's Snackbar, Alert and their transition) is not needed to draw the first page:
// it loads just after it (issue 12), before any notice is likely, and at the latest with the first.
const loadSnackbarNotice = () => import('./SnackbarNotice.tsx');
const SnackbarNotice = lazy(() =>
  loadSnackbarNotice().then((module) => ({ default: module.SnackbarNotice })),
);

let nextId = 1;

/** Renders the app's one snackbar and lets any screen show a notice with useSnackbar(). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => void loadSnackbarNotice().catch(() => undefined), 0);
    return () => clearTimeout(timer);
  }, []);

  const showSnackbar = useCallback((message: string, options: SnackbarOptions = {}) => {
    setNotice({
      id: nextId++,
      message,
      severity: options.severity ?? 'info',
      autoHideMs: options.autoHideMs ?? limits.snackbarMs,
    });
    setIsOpen(true);
  }, []);

  const api = useMemo(() => ({ showSnackbar }), [showSnackbar]);

  return (
    <SnackbarContext value={api}>
      {children}
      {notice ? (
        <Suspense fallback={null}>
          <SnackbarNotice notice={notice} isOpen={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </SnackbarContext>
  );
}

/** Shows notices through the app's snackbar. */
export function useSnackbar(): SnackbarApi {
  const api = use(SnackbarContext);
  if (!api) throw new Error('useSnackbar needs a SnackbarProvider');
  return api;
}
