import { attachment } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import {
  attachmentErrors,
  colorInputValue,
  editableAttachmentTypes,
  fileNameFromUrl,
  isEditableAttachment,
  moveItem,
  newAttachment,
  withField,
} from './attachmentItems.ts';

describe('attachment items', () => {
  it('starts each editable type with the fields of the contract, still empty', () => {
    for (const type of editableAttachmentTypes) {
      const item = newAttachment(type);
      expect(item.type).toBe(type);
      expect(isEditableAttachment(item)).toBe(true);
      expect(attachment.safeParse(item).success, type).toBe(false);
    }
    expect(newAttachment('button').data).toEqual({ color: '#4256c1', text: '', url: '' });
    expect(isEditableAttachment({ type: 'text', data: { text: 'Hello' } })).toBe(false);
  });

  it('names blank fields as required and bad links with the contract keys', () => {
    expect(attachmentErrors(newAttachment('video'))).toEqual({
      url: 'eventExtras.attachments.errors.required',
    });
    expect(attachmentErrors({ type: 'video', data: { url: 'https://example.org/clip' } })).toEqual({
      url: 'event.errors.videoLinkInvalid',
    });
    expect(attachmentErrors({ type: 'image', data: { url: 'ftp://example.org/a.png' } })).toEqual({
      url: 'event.errors.urlInvalid',
    });
    expect(attachmentErrors({ type: 'twitter', data: { widgetId: 'a b' } })).toEqual({
      widgetId: 'event.errors.widgetInvalid',
    });
    expect(attachmentErrors({ type: 'button', data: { color: 'blue', text: ' ', url: 'x' } })).toEqual({
      color: 'event.errors.colorInvalid',
      text: 'eventExtras.attachments.errors.required',
      url: 'event.errors.urlInvalid',
    });
  });

  it('says when a text is too long, and accepts valid items', () => {
    const document = {
      type: 'document' as const,
      data: { title: 'Agenda', description: 'x'.repeat(2001), url: '/media/a.pdf', fileName: 'a.pdf' },
    };
    expect(attachmentErrors(document)).toEqual({ description: 'eventExtras.attachments.errors.tooLong' });
    expect(attachmentErrors({ ...document, data: { ...document.data, description: '' } })).toEqual({});
    expect(attachmentErrors({ type: 'video', data: { url: 'https://youtu.be/dQw4w9WgXcQ' } })).toEqual({});
    expect(attachmentErrors({ type: 'image', data: { url: 'https://example.org/a.png' } })).toEqual({});
  });

  it('sets one data field without touching the others', () => {
    const button = newAttachment('button');
    expect(withField(button, 'text', 'Tickets')).toEqual({
      type: 'button',
      data: { color: '#4256c1', text: 'Tickets', url: '' },
    });
    expect(button.data).toEqual({ color: '#4256c1', text: '', url: '' });
  });

  it('moves an item up or down, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('takes a file name from the end of a link', () => {
    expect(fileNameFromUrl('https://x.org/files/Agenda%202025.pdf?v=2#page=1')).toBe('Agenda 2025.pdf');
    expect(fileNameFromUrl('/media/photos/event/a/b.jpg')).toBe('b.jpg');
    expect(fileNameFromUrl('https://x.org/')).toBe('');
    expect(fileNameFromUrl('https://x.org')).toBe('');
    expect(fileNameFromUrl('not a link')).toBe('');
    expect(fileNameFromUrl('https://x.org/%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('gives a colour input a #rrggbb value', () => {
    expect(colorInputValue('E53935')).toBe('#e53935');
    expect(colorInputValue('#4256C1')).toBe('#4256c1');
    expect(colorInputValue('red')).toBe('#4256c1');
  });
});
