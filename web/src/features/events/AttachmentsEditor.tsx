import type { Attachment } from '@convene/contract';

/** Interface placeholder: add, edit and remove attachments other than the description's text. */
export function AttachmentsEditor(_props: {
  value: Attachment[];
  onChange: (value: Attachment[]) => void;
  disabled?: boolean;
}) {
  return null;
}
