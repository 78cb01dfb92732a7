import { Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';

interface SubmitButtonProps {
  isPending: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** A form's full-width submit button: disabled with a spinner while the request runs. */
export function SubmitButton({ isPending, disabled = false, children }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={isPending || disabled}
      aria-busy={isPending}
      startIcon={isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {children}
    </Button>
  );
}
