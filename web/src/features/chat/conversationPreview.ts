import { type ChatMessage, isVideoMediaUrl } from '@convene/contract';
import type { TFunction } from 'i18next';

/** A system message's text in the reader's language (its i18n key and names). */
export function systemText(message: ChatMessage, t: TFunction): string {
  const key = message.message ?? '';
  if (!key.startsWith('chat.system.')) return key;
  const values = { actorName: '', name: '', names: '', ...message.data };
  return String(t(key as 'chat.system.created', values));
}

/** The list's one-line preview of a last message: media as a word, never its url. */
export function messagePreview(message: ChatMessage | null, t: TFunction, myId: string | undefined): string {
  if (!message) return t('chat.list.noMessages');
  if (message.type === 'system') return systemText(message, t);
  const mediaWord =
    message.media && isVideoMediaUrl(message.media) ? t('chat.media.video') : t('chat.media.photo');
  const text = message.message?.trim() ? message.message.trim().replace(/\s+/g, ' ') : mediaWord;
  return message.sender?.userId === myId ? `${t('chat.list.you')}${text}` : text;
}
