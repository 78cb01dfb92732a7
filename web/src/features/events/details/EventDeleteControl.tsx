import { type Event, type EventScope, eventScopes } from '@convene/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useSnackbar } from '../../../components/Snackbar.tsx';
import { deleteActionFor } from './eventDetails.ts';
import { useDeleteEvent } from './useDeleteEvent.ts';

interface EventDeleteControlProps {
  event: Event;
  /** Full width at the bottom of a phone's page; a compact button in the top bar. */
  isFullWidth?: boolean;
  /** Called once the event is deleted or removed; the screen then leaves. */
  onDone: () => void;
}

/** Which occurrences of a repeating event to delete: this one, this and following, or all. */
function ScopeDialog({
  open,
  isPending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  isPending: boolean;
  onConfirm: (scope: EventScope) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [scope, setScope] = useState<EventScope>('this');
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('eventDetails.delete.scopeTitle')}</DialogTitle>
      <DialogContent>
        <RadioGroup
          aria-label={t('eventDetails.delete.scopeLabel')}
          value={scope}
          onChange={(_change, value) => setScope(value as EventScope)}
        >
          {eventScopes.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={t(`eventDetails.delete.scope.${value}`)}
              disabled={isPending}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={() => onConfirm(scope)} disabled={isPending}>
          {t('eventDetails.delete.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Delete (deleteEvent; an occurrence asks which ones) or 'Remove from my calendar' (removeEvent),
 * each asked for before it is done; nothing for a viewer who may do neither.
 */
export function EventDeleteControl({ event, isFullWidth = false, onDone }: EventDeleteControlProps) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const [isOpen, setIsOpen] = useState(false);
  const mutation = useDeleteEvent(event);
  const action = deleteActionFor(event);
  if (!action) return null;

  const handleConfirm = (scope?: EventScope) => {
    mutation.mutate(
      { action, scope },
      {
        onSuccess: () => {
          setIsOpen(false);
          showSnackbar(
            t(action === 'remove' ? 'eventDetails.delete.removed' : 'eventDetails.delete.deleted'),
            {
              severity: 'success',
            },
          );
          onDone();
        },
        onError: () => showSnackbar(t('eventDetails.delete.failed'), { severity: 'error' }),
      },
    );
  };

  const isRemove = action === 'remove';
  return (
    <>
      <Button
        color="error"
        variant={isFullWidth ? 'outlined' : 'text'}
        fullWidth={isFullWidth}
        startIcon={isRemove ? <EventBusyIcon /> : <DeleteOutlineIcon />}
        onClick={() => setIsOpen(true)}
        sx={{ flexShrink: 0 }}
      >
        {t(isRemove ? 'eventDetails.delete.remove' : 'eventDetails.delete.delete')}
      </Button>
      {action === 'deleteOccurrence' ? (
        <ScopeDialog
          open={isOpen}
          isPending={mutation.isPending}
          onConfirm={handleConfirm}
          onCancel={() => setIsOpen(false)}
        />
      ) : (
        <ConfirmDialog
          open={isOpen}
          title={t(isRemove ? 'eventDetails.delete.removeTitle' : 'eventDetails.delete.title')}
          message={t(isRemove ? 'eventDetails.delete.removeMessage' : 'eventDetails.delete.message')}
          isPending={mutation.isPending}
          onConfirm={() => handleConfirm()}
          onCancel={() => setIsOpen(false)}
        />
      )}
    </>
  );
}
