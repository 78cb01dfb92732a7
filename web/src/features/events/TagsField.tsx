/** Interface placeholder: the event's tags (chips; Enter or comma adds one). */
export function TagsField(_props: {
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
}) {
  return null;
}
