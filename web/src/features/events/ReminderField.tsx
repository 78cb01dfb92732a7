/** Interface placeholder: one reminder, in seconds before the start (null for none). */
export function ReminderField(_props: {
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
}) {
  return null;
}
