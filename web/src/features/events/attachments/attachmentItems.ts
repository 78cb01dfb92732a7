import { type Attachment, attachment, eventDefaults } from '@convene/contract';

/** The attachment types the editor creates (the description is its own form field). */
export const editableAttachmentTypes = ['video', 'image', 'button', 'document', 'twitter'] as const;
export type EditableAttachmentType = (typeof editableAttachmentTypes)[number];

/** True for a type the editor has fields for (text and details items are only moved or removed). */
export function isEditableAttachment(
  item: Attachment,
): item is Extract<Attachment, { type: EditableAttachmentType }> {
  return (editableAttachmentTypes as readonly string[]).includes(item.type);
}

/** A new, still empty attachment of a type; a button starts in the default event colour. */
export function newAttachment(type: EditableAttachmentType): Attachment {
  switch (type) {
    case 'video':
      return { type, data: { url: '' } };
    case 'image':
      return { type, data: { url: '' } };
    case 'button':
      return { type, data: { color: `#${eventDefaults.hexColor}`, text: '', url: '' } };
    case 'document':
      return { type, data: { title: '', description: '', url: '', fileName: '' } };
    case 'twitter':
      return { type, data: { widgetId: '' } };
  }
}

/** The attachment with one data field set. */
export function withField(item: Attachment, field: string, value: string): Attachment {
  return { ...item, data: { ...item.data, [field]: value } } as Attachment;
}

/** The i18n key of each invalid field of an attachment (contract `attachment`), by field name. */
export function attachmentErrors(item: Attachment): Record<string, string> {
  const parsed = attachment.safeParse(item);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'data' && typeof issue.path[1] === 'string' ? issue.path[1] : null;
    if (!field || errors[field]) continue;
    errors[field] = messageKey(issue, fieldValue(item, field));
  }
  return errors;
}

function fieldValue(item: Attachment, field: string): unknown {
  return (item.data as Record<string, unknown>)[field];
}

/** The contract's own i18n key, else one of ours for blank, too long or otherwise invalid. */
function messageKey(issue: { code: string; message: string }, value: unknown): string {
  if (issue.code === 'too_big') return 'eventExtras.attachments.errors.tooLong';
  if (typeof value === 'string' && value.trim() === '') return 'eventExtras.attachments.errors.required';
  if (issue.message.startsWith('event.errors.')) return issue.message;
  return 'eventExtras.attachments.errors.invalid';
}

/** The list with the item at `index` moved by `offset` places; unchanged when it cannot move. */
export function moveItem<T>(items: readonly T[], index: number, offset: number): T[] {
  const target = index + offset;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(index, 1) as [T];
  next.splice(target, 0, moved);
  return next;
}

/** The file name a link ends with ("Agenda.pdf" of https://x.org/files/Agenda.pdf?v=2); '' if none. */
export function fileNameFromUrl(url: string): string {
  const path = url.trim().split(/[?#]/)[0] ?? '';
  if (!/^(https?:\/\/[^/]+)?\//i.test(path)) return '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last).slice(0, 255);
  } catch {
    return last.slice(0, 255);
  }
}

/** A stored button colour ('4256c1' or '#4256C1') as a colour input's '#rrggbb'; the default when invalid. */
export function colorInputValue(color: string): string {
  const hex = color.replace('#', '');
  return /^[0-9a-fA-F]{6}$/.test(hex) ? `#${hex.toLowerCase()}` : `#${eventDefaults.hexColor}`;
}
