import { layout } from '@convene/contract';
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CalendarChoice } from './eventCalendars.ts';

interface CalendarPickerProps {
  value: string;
  choices: readonly CalendarChoice[];
  onChange: (calendarId: string) => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
}

/** The calendar the event belongs to (the personal one first); menu at most 162 px high. */
export function CalendarPicker({
  value,
  choices,
  onChange,
  error,
  helperText,
  disabled,
}: CalendarPickerProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t('eventForm.fields.calendar')}
      value={choices.some((choice) => choice.calendarId === value) ? value : ''}
      disabled={disabled}
      required
      error={Boolean(error)}
      helperText={error ?? helperText}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: layout.dropdownMenuMaxHeight } } } } },
      }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.calendarId} value={choice.calendarId}>
          {choice.isPersonal ? t('eventForm.calendar.personal', { name: choice.name }) : choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
