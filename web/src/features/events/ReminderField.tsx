import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { reminderChoices, reminderText } from './reminderText.ts';

interface ReminderFieldProps {
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
}

/** The select's value of a choice: 'none', or the seconds as text. */
const optionValue = (seconds: number | null) => (seconds === null ? 'none' : String(seconds));

/**
 * One reminder, in seconds before the start (null for none): none, at the start, 5/10/15/30
 * minutes, 1/2 hours, 1 day or 1 week before; another value an event already has stays offered.
 */
export function ReminderField({ value, onChange, disabled }: ReminderFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const choices = reminderChoices(value);
  const handleChange = (selected: string) => {
    const choice = choices.find((seconds) => optionValue(seconds) === selected);
    if (choice !== undefined) onChange(choice);
  };
  return (
    <FormControl fullWidth disabled={disabled}>
      <InputLabel id={labelId}>{t('eventExtras.reminder.label')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('eventExtras.reminder.label')}
        value={optionValue(value)}
        onChange={(event) => handleChange(event.target.value)}
      >
        {choices.map((seconds) => (
          <MenuItem key={optionValue(seconds)} value={optionValue(seconds)}>
            {seconds === null ? t('eventExtras.reminder.none') : reminderText(t, seconds)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
