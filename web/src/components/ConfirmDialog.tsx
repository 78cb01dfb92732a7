import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: string;
  /** Disables both answers while the confirmed action runs. */
  isPending?: boolean;
  /**
   * Yes loses something (deletes, removes, discards; every use today): it is shown in the error
   * colour, and focus starts on No so a stray Enter keeps things as they are.
   */
  isDestructive?: boolean;
  /** The refusing answer's text ('No' unless given; the chat's confirmations say 'Cancel'). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A Yes/No question; MUI returns focus to the element that opened it. */
export function ConfirmDialog({
  open,
  title,
  message,
  isPending = false,
  isDestructive = true,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {message ? (
        <DialogContent>
          <DialogContentText id={messageId}>{message}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onCancel} disabled={isPending} autoFocus={isDestructive}>
          {cancelLabel ?? t('common.no')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={isPending}
          variant="contained"
          color={isDestructive ? 'error' : 'primary'}
          autoFocus={!isDestructive}
        >
          {t('common.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
