import { mediaMessages, type UploadAuthorisation } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.ts';
import { buildUploadForm, uploadErrorKey, uploadedImageUrl } from './upload.ts';

const key = `photos/profile/${'a'.repeat(32)}/${'b'.repeat(32)}.jpg`;
const authorisation: UploadAuthorisation = {
  key,
  policy: 'cG9saWN5',
  signature: 'c2ln',
  url: '/api/media/upload',
  fields: { key, policy: 'cG9saWN5', signature: 'c2ln' },
  mediaUrl: `/media/${key}`,
  expiresAt: new Date().toISOString(),
};

describe('buildUploadForm', () => {
  it('sends the signed fields in order, then the file last', async () => {
    const form = buildUploadForm(authorisation.fields, new Blob(['x'], { type: 'image/jpeg' }), 'crop.jpg');
    expect([...form.keys()]).toEqual(['key', 'policy', 'signature', 'file']);
    expect(form.get('policy')).toBe('cG9saWN5');
    const file = form.get('file') as File;
    expect(file.name).toBe('crop.jpg');
    expect(await file.text()).toBe('x');
  });
});

describe('uploadedImageUrl', () => {
  it('takes the url our store answers', () => {
    expect(uploadedImageUrl(JSON.stringify({ key, url: `/media/${key}` }), authorisation)).toBe(
      `/media/${key}`,
    );
  });

  it('falls back to the announced url for a bucket answer or an unexpected url', () => {
    expect(uploadedImageUrl('', authorisation)).toBe(`/media/${key}`);
    expect(uploadedImageUrl('<PostResponse/>', authorisation)).toBe(`/media/${key}`);
    expect(uploadedImageUrl(JSON.stringify({ key, url: 'https://evil.example/x.jpg' }), authorisation)).toBe(
      `/media/${key}`,
    );
  });
});

describe('uploadErrorKey', () => {
  it("shows the server's media message for a refused file", () => {
    const error = new ApiError(400, 'VALIDATION', 'file', mediaMessages.typeInvalid);
    expect(uploadErrorKey(error)).toBe(mediaMessages.typeInvalid);
  });

  it('tells an offline person so, and anything else is a generic failure', () => {
    expect(uploadErrorKey(new TypeError('offline'))).toBe('errors.network');
    expect(uploadErrorKey(new ApiError(500, 'INTERNAL', null, 'boom'))).toBe('media.errors.uploadFailed');
    expect(uploadErrorKey(new DOMException('x', 'AbortError'))).toBe('media.errors.uploadFailed');
  });
});
