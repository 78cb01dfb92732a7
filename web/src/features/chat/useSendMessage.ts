import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { sendMessage } from './chatApi.ts';
import { addMessage, applyMessageToLists, showNewestMessages } from './chatCache.ts';
import { newClientKey, type PendingMessage } from './chatModel.ts';
import { uploadChatMedia, VideoTooLarge } from './chatUpload.ts';

/**
 * Optimistic sending (PRODUCT.md §2.4): a message shows at once with a client key, gives way to
 * the server's when it answers, or is marked failed; a retry sends the same key again, so the
 * server stores it once however many tries reach it.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const attempt = useCallback(
    async (item: PendingMessage) => {
      showNewestMessages(queryClient, conversationId);
      setPending((list) =>
        list.some((p) => p.clientKey === item.clientKey)
          ? list.map((p) => (p.clientKey === item.clientKey ? { ...p, status: 'sending' } : p))
          : [...list, item],
      );
      try {
        const saved = await sendMessage(conversationId, {
          message: item.message,
          media: item.media,
          clientKey: item.clientKey,
        });
        addMessage(queryClient, saved);
        applyMessageToLists(queryClient, saved, 0);
        setPending((list) => list.filter((p) => p.clientKey !== item.clientKey));
        return true;
      } catch {
        setPending((list) =>
          list.map((p) => (p.clientKey === item.clientKey ? { ...p, status: 'error' } : p)),
        );
        return false;
      }
    },
    [conversationId, queryClient],
  );

  const send = useCallback(
    (message: string | null, media: string | null = null) =>
      attempt({
        clientKey: newClientKey(),
        message,
        media,
        createdDate: new Date().toISOString(),
        status: 'sending',
      }),
    [attempt],
  );

  const retry = useCallback(
    (clientKey: string) => {
      const item = pending.find((p) => p.clientKey === clientKey);
      if (item) void attempt(item);
    },
    [attempt, pending],
  );

  return { pending, send, retry };
}

/** The photo or video being uploaded: its name, how far it is, and how to cancel it. */
export interface UploadState {
  name: string;
  fraction: number;
  cancel: () => void;
}

/**
 * Text, photos and videos as the spec sends them: each file its own message, one after another,
 * the text only with the first; a file that fails to upload is skipped (onSkipped, told whether
 * it was a video over the cap) and the rest go on.
 */
export function useSendWithMedia(
  send: (message: string | null, media?: string | null) => Promise<boolean>,
  onSkipped: (fileName: string, isTooLarge: boolean) => void,
) {
  const [upload, setUpload] = useState<UploadState | null>(null);
  const sendAll = useCallback(
    async (text: string, files: readonly File[]) => {
      let textLeft: string | null = text.trim() ? text : null;
      for (const file of files) {
        const controller = new AbortController();
        setUpload({ name: file.name, fraction: 0, cancel: () => controller.abort() });
        let media: string;
        try {
          media = await uploadChatMedia(file, {
            signal: controller.signal,
            onProgress: (fraction) => setUpload((state) => (state ? { ...state, fraction } : state)),
          });
        } catch (error) {
          if (!(error instanceof DOMException && error.name === 'AbortError')) {
            onSkipped(file.name, error instanceof VideoTooLarge);
          }
          continue;
        } finally {
          setUpload(null);
        }
        await send(textLeft, media);
        textLeft = null;
      }
      if (textLeft) await send(textLeft);
    },
    [send, onSkipped],
  );
  return { upload, sendAll };
}
