import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { UploadPolicy } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { createS3Store, presignedPostOptions, s3UploadOrigin } from './s3Store.ts';

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

  it('presigns chat PUTs to the origin the page CSP allows, for AWS and for an endpoint', async () => {
    for (const config of [
      { bucket: 'media-bucket', region: 'eu-central-1' },
      { bucket: 'media-bucket', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000' },
    ]) {
      const store = createS3Store({ ...config, accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
      if (store.kind !== 's3') throw new Error('not an S3 store');
      const url = new URL(await store.createPutUrl(key, 'image/jpeg'));
      expect(url.origin).toBe(s3UploadOrigin(config));
      expect(url.pathname.endsWith(`/${key}`)).toBe(true);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    }
    const store = createS3Store({ bucket: 'b', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
    await expect(store.createPutUrl('../../etc/passwd', 'image/jpeg')).rejects.toThrow('Not a media key');
  });
});
