import type { ChatMessage } from '@convene/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import ro from '../../i18n/ro.json';
import { messagePreview } from './conversationPreview.ts';

const translators = new Map<string, TFunction>();

beforeAll(async () => {
  for (const language of ['en', 'ro']) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      resources: { en: { translation: en }, ro: { translation: ro } },
      interpolation: { escapeValue: false },
    });
    translators.set(language, instance.t);
  }
});

const id = 'a'.repeat(32);
function mediaMessage(media: string, message: string | null = null): ChatMessage {
  return {
    messageId: 'm1',
    conversationId: 'c1',
    seq: 1,
    sender: { userId: 'bob', name: 'Bob', linkedEntity: { linkedTo: null } },
    type: 'message',
    message,
    media,
    data: null,
    status: 'created',
    clientKey: null,
    createdDate: '2026-01-01T10:00:00Z',
    updatedDate: '2026-01-01T10:00:00Z',
  };
}

describe('messagePreview of a media message', () => {
  const t = (language: string) => translators.get(language) as TFunction;

  it("shows the word 'Video' / 'Videoclip' for a video, never its url", () => {
    for (const extension of ['mp4', 'webm', 'mov']) {
      const video = mediaMessage(`/media/videos/chat/${id}/${id}.${extension}`);
      expect(messagePreview(video, t('en'), 'ana')).toBe('Video');
      expect(messagePreview(video, t('ro'), 'ana')).toBe('Videoclip');
    }
    const mine = mediaMessage(`/media/videos/chat/${id}/${id}.webm`);
    expect(messagePreview(mine, t('en'), 'bob')).toBe(`${t('en')('chat.list.you')}Video`);
  });

  it("shows 'Photo' / 'Fotografie' for a photo, and the text when there is one", () => {
    const photo = mediaMessage(`/media/photos/chat/${id}/${id}.jpg`);
    expect(messagePreview(photo, t('en'), 'ana')).toBe('Photo');
    expect(messagePreview(photo, t('ro'), 'ana')).toBe('Fotografie');
    expect(messagePreview(mediaMessage(`/media/videos/chat/${id}/${id}.mp4`, 'Look'), t('en'), 'ana')).toBe(
      'Look',
    );
  });
});
