import { TextField } from '@mui/material';
import { useState } from 'react';
import { parseWholeNumber } from './recurrenceChoice.ts';

interface NumberDraftFieldProps {
  label: string;
  value: number;
  max: number;
  onCommit: (value: number) => void;
  disabled?: boolean;
}

/**
 * A small whole-number field: what is typed stays while it is being typed (even '' or 0), and
 * only a number in [1, max] is passed on; leaving the field shows the number in force again.
 */
export function NumberDraftField({ label, value, max, onCommit, disabled }: NumberDraftFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const isInvalid = draft !== null && parseWholeNumber(draft, max) === null;
  return (
    <TextField
      type="number"
      size="small"
      label={label}
      value={draft ?? String(value)}
      disabled={disabled}
      error={isInvalid}
      sx={{ width: 110 }}
      slotProps={{ htmlInput: { min: 1, max, inputMode: 'numeric' } }}
      onChange={(event) => {
        setDraft(event.target.value);
        const parsed = parseWholeNumber(event.target.value, max);
        if (parsed !== null) onCommit(parsed);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
