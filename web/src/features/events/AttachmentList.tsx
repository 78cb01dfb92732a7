import type { Attachment } from '@convene/contract';

/** Interface placeholder: every attachment of an event as the details page shows it. */
export function AttachmentList(_props: { attachments: Attachment[] }) {
  return null;
}
