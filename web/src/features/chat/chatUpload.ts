import { isVideoContentType, mediaLimits, type s3UploadAnswer } from '@convene/contract';
import { type Answer, apiFetch } from '../../api/client.ts';
import { cropJpegQuality, fitInBox } from '../../components/cropImage.ts';

/**
 * A chosen photo the right way up (EXIF orientation applied by createImageBitmap), re-encoded as
 * JPEG within the upload's pixel box (PRODUCT.md §2.4). Null when the file is not an image.
 */
export async function toUprightJpeg(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const size = fitInBox(bitmap);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', cropJpegQuality));
  } finally {
    bitmap.close();
  }
}

/** A chosen video over the cap: refused before a byte is sent (the server refuses it too). */
export class VideoTooLarge extends Error {
  constructor() {
    super('The video is too large');
    this.name = 'VideoTooLarge';
  }
}

/** PUTs a file to a signed url with XMLHttpRequest, the one browser API that reports upload progress. */
function putFile(
  url: string,
  body: Blob,
  contentType: string,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    const onAbort = () => request.abort();
    signal?.addEventListener('abort', onAbort);
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new Error(`Upload failed: ${request.status}`));
    };
    request.onerror = () => reject(new Error('Upload failed'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.send(body);
  });
}

/**
 * Uploads one chat attachment as the chat API asks (GET /api/s3?type, then PUT of the file to
 * the signed url with progress); answers its media url. A photo is re-encoded as an upright
 * JPEG first; a video (MP4, WebM, QuickTime) is sent as it is. Aborting the signal cancels it.
 */
export async function uploadChatMedia(
  file: Blob,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<string> {
  const isVideo = isVideoContentType(file.type);
  if (isVideo && file.size > mediaLimits.videoMaxBytes) throw new VideoTooLarge();
  const body = isVideo ? file : await toUprightJpeg(file);
  if (!body) throw new Error('Not an image');
  const type = isVideo ? file.type : 'image/jpeg';
  const target = await apiFetch<Answer<typeof s3UploadAnswer>>('/api/s3', {
    query: { type },
    signal: options.signal,
  });
  await putFile(target.url, body, type, options);
  return `/media/${target.fileName}`;
}
