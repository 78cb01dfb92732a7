/**
 * An event's attachments (links, images, files): the list on the event page and the editor in
 * the event form.
 */

export { AttachmentList } from './AttachmentList.tsx';
export { AttachmentsEditor } from './AttachmentsEditor.tsx';
