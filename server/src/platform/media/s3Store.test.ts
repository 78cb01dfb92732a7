import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { UploadPolicy } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { createS3Store, presignedPostOptions } from './s3Store.ts';

const key = `photos/group/${'a'.repeat(32)}/${'b'.repeat(32)}.jpg`;
const now = Date.parse('2030-01-01T00:00:00.000Z');
const contents: UploadPolicy = {
  key,
  contentTypes: ['image/png', 'image/jpeg'],
  contentLengthRange: [1, 20_000_000],
  expiresAt: new Date(now + 300_000).toISOString(),
  userId: 'a'.repeat(32),
  purpose: 'group',
};

describe('S3 presigned POST (MEDIA_STORE=s3)', () => {
  it('limits the upload to the key, the declared image type, 1..20,000,000 bytes and the policy lifetime', () => {
    expect(presignedPostOptions('media-bucket', contents, 'image/png', now)).toEqual({
      Bucket: 'media-bucket',
      Key: key,
      Conditions: [
        ['content-length-range', 1, 20_000_000],
        ['eq', '$Content-Type', 'image/png'],
      ],
      Fields: { 'Content-Type': 'image/png' },
      Expires: 300,
    });
    expect(presignedPostOptions('b', contents, 'image/png', now + 299_500).Expires).toBe(1);
  });

  it('signs those conditions into the policy the browser posts (computed locally, no S3 needed)', async () => {
    const client = new S3Client({
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    });
    const { url, fields } = await createPresignedPost(
      client,
      presignedPostOptions('media-bucket', contents, 'image/jpeg'),
    );
    expect(url).toContain('media-bucket');
    expect(fields).toMatchObject({
      key,
      'Content-Type': 'image/jpeg',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    const policy = JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString());
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 20_000_000],
        ['eq', '$Content-Type', 'image/jpeg'],
        { key },
        { bucket: 'media-bucket' },
      ]),
    );
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(300_000);
  });

  it('answers the presigned form from the store, and needs a bucket', async () => {
    expect(() => createS3Store({})).toThrow('S3_BUCKET');
    const store = createS3Store({
      bucket: 'media-bucket',
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    });
    const form = await store.createUploadForm(
      { ...contents, expiresAt: new Date(Date.now() + 300_000).toISOString() },
      'image/jpeg',
    );
    expect(form.url).toBe('http://127.0.0.1:9/media-bucket');
    expect(form.policy).toBe(form.fields.Policy);
    expect(form.signature).toBe(form.fields['X-Amz-Signature']);
    expect(await store.exists('../../etc/passwd')).toBe(false);
  });
});
