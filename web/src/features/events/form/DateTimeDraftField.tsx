import { TextField } from '@mui/material';
import { type Ref, useState } from 'react';

interface DateTimeDraftFieldProps {
  type: 'date' | 'time';
  label: string;
  /** The value in force: 'YYYY-MM-DD' or 'HH:mm'. */
  value: string;
  /** Every complete value the browser reports while the person types or picks; '' never comes. */
  onValue: (value: string) => void;
  error?: boolean;
  helperText?: string | null;
  disabled?: boolean;
  size?: 'small' | 'medium';
  inputRef?: Ref<HTMLInputElement>;
  onFocus?: () => void;
  onBlur?: () => void;
  /** Attributes of the native input (min, max, step). */
  htmlInput?: Record<string, string | number>;
}

/**
 * A native date or time input typed into segment by segment. While it has the focus it shows
 * exactly what the browser holds: a value the form does not take yet (an incomplete date, a
 * year half typed, an end before the start) is never written back into it, because doing so
 * resets the segment being typed (typing 12/01/2026 ended as 12/12/2026). Leaving the field
 * shows the value in force again.
 */
export function DateTimeDraftField({
  type,
  label,
  value,
  onValue,
  error,
  helperText,
  disabled,
  size,
  inputRef,
  onFocus,
  onBlur,
  htmlInput,
}: DateTimeDraftFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <TextField
      type={type}
      label={label}
      value={draft ?? value}
      error={error}
      helperText={helperText}
      disabled={disabled}
      size={size}
      inputRef={inputRef}
      slotProps={{ inputLabel: { shrink: true }, htmlInput }}
      onFocus={onFocus}
      onKeyDown={(event) => {
        // "12:30 PM" is typed with a space, which in Chromium opens the picker and sends the
        // rest of the typing there. A time field keeps it as a separator; Alt+↓ opens the picker.
        if (type === 'time' && event.key === ' ') event.preventDefault();
      }}
      onChange={(event) => {
        const typed = event.target.value;
        setDraft(typed);
        if (typed !== '') onValue(typed);
      }}
      onBlur={() => {
        setDraft(null);
        onBlur?.();
      }}
    />
  );
}
