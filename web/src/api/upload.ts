import {
  type MediaPurpose,
  mediaMessages,
  mediaUrlPattern,
  type UploadAuthorisation,
  uploadAnswer,
  type uploadAuthorisation,
} from '@convene/contract';
import { ApiError, createApiError, isNetworkError } from './ApiError.ts';
import { type Answer, apiFetch } from './client.ts';

/** Options of one upload. */
export interface UploadOptions {
  /** Called with the fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting it stops the upload; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /** The name sent with the file; the stored object is named by the server anyway. */
  fileName?: string;
}

/**
 * The multipart form of an upload: every signed field in the order the server gave them, then
 * the image as `file` (S3 and our own store both read the policy before the file).
 */
export function buildUploadForm(fields: Record<string, string>, image: Blob, fileName: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', image, fileName);
  return form;
}

/**
 * Where an uploaded image is served. Our store answers 201 {key, url}; an S3 bucket answers
 * 204 or XML, and the image is then at the url the authorisation announced.
 */
export function uploadedImageUrl(responseText: string, authorisation: UploadAuthorisation): string {
  try {
    const parsed = uploadAnswer.safeParse(JSON.parse(responseText));
    if (parsed.success && mediaUrlPattern.test(parsed.data.url)) return parsed.data.url;
  } catch {
    // Not JSON: a bucket's answer.
  }
  return authorisation.mediaUrl;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** POSTs the form with XMLHttpRequest, the one browser API that reports upload progress. */
function postForm(url: string, form: FormData, options: UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    const handleAbort = () => request.abort();
    const finish = () => signal?.removeEventListener('abort', handleAbort);
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      finish();
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(request.responseText);
      } else {
        reject(createApiError(request.status, parseJson(request.responseText)));
      }
    };
    // Offline or refused by the browser: the same TypeError fetch would throw (isNetworkError).
    request.onerror = () => {
      finish();
      reject(new TypeError('The upload could not reach the server'));
    };
    request.onabort = () => {
      finish();
      reject(abortError());
    };
    signal?.addEventListener('abort', handleAbort, { once: true });
    request.send(form);
  });
}

/**
 * Uploads an image (PRODUCT.md §1.7 imageprocessor/authorise): asks the server for a signed
 * upload form, posts the image to it with progress, and answers the /media/ url it is served
 * at. Rejects with ApiError (a 400 names the field and carries a media.errors key), a TypeError
 * when offline, or an AbortError when cancelled.
 */
export async function uploadImage(
  image: Blob,
  purpose: MediaPurpose,
  options: UploadOptions = {},
): Promise<string> {
  const contentType = image.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const fileName = options.fileName ?? (contentType === 'image/png' ? 'image.png' : 'image.jpg');
  const authorisation = await apiFetch<Answer<typeof uploadAuthorisation>>('/api/imageprocessor/authorise', {
    method: 'PUT',
    body: { fileName, contentType, size: image.size, purpose },
    signal: options.signal,
  });
  options.onProgress?.(0);
  const form = buildUploadForm(authorisation.fields, image, fileName);
  const responseText = await postForm(authorisation.url, form, options);
  return uploadedImageUrl(responseText, authorisation);
}

const mediaMessageKeys = new Set<string>(Object.values(mediaMessages));

/** The i18n key to show for a failed upload: the server's media key, offline, or a generic failure. */
export function uploadErrorKey(error: unknown): string {
  if (error instanceof ApiError && mediaMessageKeys.has(error.message)) return error.message;
  if (isNetworkError(error)) return 'errors.network';
  return 'media.errors.uploadFailed';
}
