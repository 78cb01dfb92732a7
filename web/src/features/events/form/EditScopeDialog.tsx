import type { EventScope } from '@convene/contract';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface EditScopeDialogProps {
  open: boolean;
  /** The scopes this change may use (see allowedEditScopes). */
  allowed: readonly EventScope[];
  onCancel: () => void;
  onConfirm: (scope: EventScope) => void;
}

const scopes = ['this', 'following', 'all'] as const satisfies readonly EventScope[];

/** Saving an occurrence: this event, this and following events, or all events of the series. */
export function EditScopeDialog({ open, allowed, onCancel, onConfirm }: EditScopeDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [picked, setPicked] = useState<EventScope | null>(null);
  const scope = picked && allowed.includes(picked) ? picked : (allowed[0] ?? 'all');
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('eventForm.scope.title')}</DialogTitle>
      <DialogContent>
        {allowed.length < scopes.length ? (
          <DialogContentText sx={{ mb: 1 }}>{t('eventForm.scope.limitedHint')}</DialogContentText>
        ) : null}
        <RadioGroup
          aria-labelledby={titleId}
          value={scope}
          onChange={(event) => setPicked(event.target.value as EventScope)}
        >
          {scopes.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={t(`eventForm.scope.${value}`)}
              disabled={!allowed.includes(value)}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => onConfirm(scope)}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
