import { useTranslation } from 'react-i18next';
import { Dropdown } from '../../../components/Dropdown.tsx';
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
  const choices = reminderChoices(value);
  const options = choices.map((seconds) => ({
    value: optionValue(seconds),
    label: seconds === null ? t('eventExtras.reminder.none') : reminderText(t, seconds),
  }));
  const handleChange = (selected: string) => {
    const choice = choices.find((seconds) => optionValue(seconds) === selected);
    if (choice !== undefined) onChange(choice);
  };
  return (
    <Dropdown
      label={t('eventExtras.reminder.label')}
      value={optionValue(value)}
      options={options}
      onChange={handleChange}
      disabled={disabled}
    />
  );
}
