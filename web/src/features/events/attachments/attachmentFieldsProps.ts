import type { Attachment } from '@convene/contract';

/** What every attachment's fields need from the editor. */
export interface AttachmentFieldsProps {
  item: Attachment;
  onChange: (item: Attachment) => void;
  /** i18n keys of the invalid fields (attachmentErrors). */
  errors: Record<string, string>;
  /** Whether a field's error may show yet (touched, or the form was submitted). */
  shouldShowError: (field: string) => boolean;
  onTouch: (field: string) => void;
  disabled?: boolean;
  /** Focus the first field (a just-added attachment). */
  autoFocus?: boolean;
  onBusyChange: (isBusy: boolean) => void;
}
