import path from 'node:path';
import { mediaMessages, type UploadAuthorisation, type UploadPolicy } from '@convene/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { signPolicy } from '../../platform/media/policy.ts';
import { getUploadSecret } from '../../platform/media/store.ts';
import {
  authoriseUpload,
  listFiles,
  multipartBody,
  pixelFloodPng,
  plainImage,
  postUpload,
} from './media.testing.ts';

describe.each(testDatabases())('malicious uploads on %s', (kind) => {
  let app: TestApp;
  let token: string;
  let userId: string;
  let mediaDir: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    const user = await app.register();
    token = user.loginToken;
    userId = user.userId;
    mediaDir = path.join(app.dataDir, 'media');
  });
  afterAll(() => app.stop());

  const authorise = (body: Record<string, unknown> = {}) => authoriseUpload(app, token, body);
  const upload = (
    form: { fields: Array<[string, string]> },
    file: Buffer | undefined,
    name?: string,
    type?: string,
  ) => postUpload(app, form.fields, file, name, type);
  const fieldsOf = (auth: UploadAuthorisation) => ({ fields: Object.entries(auth.fields) });

  const truncatedJpeg = async () => {
    const noisy = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    return noisy.subarray(0, Math.floor(noisy.length / 2));
  };
  const corpus: Array<[string, () => Promise<Buffer> | Buffer, string, string]> = [
    [
      'HTML renamed .png',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      'x.png',
      mediaMessages.typeInvalid,
    ],
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      mediaMessages.typeInvalid,
    ],
    ['a truncated JPEG', truncatedJpeg, 'x.jpg', mediaMessages.imageInvalid],
    [
      'a JPEG header with garbage after it',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)]),
      'x.jpg',
      mediaMessages.imageInvalid,
    ],
    ['an empty file', () => Buffer.alloc(0), 'x.jpg', mediaMessages.fileRequired],
    ['a 20000x20000 pixel flood', () => pixelFloodPng(20_000, 20_000), 'x.png', mediaMessages.tooManyPixels],
  ];
  it.each(corpus)(
    'refuses %s with 400 on file and stores nothing',
    async (_name, make, fileName, message) => {
      const before = await listFiles(mediaDir);
      const rssBefore = process.memoryUsage().rss;
      const auth = await authorise();
      const response = await upload(fieldsOf(auth), await make(), fileName, 'image/png');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', field: 'file', message });
      expect(await listFiles(mediaDir)).toEqual(before);
      // Refused from the header: decoding 400 megapixels would take hundreds of megabytes.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150_000_000);
    },
  );

  it('refuses a file over 20,000,000 bytes', async () => {
    const before = await listFiles(mediaDir);
    const auth = await authorise();
    const oversize = Buffer.alloc(20_000_001);
    Buffer.from([0xff, 0xd8, 0xff]).copy(oversize);
    const response = await upload(fieldsOf(auth), oversize);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'file', message: mediaMessages.tooLarge });
    expect(await listFiles(mediaDir)).toEqual(before);
  });

  it('refuses expired, altered and unsigned policies and a key other than the signed one', async () => {
    const before = await listFiles(mediaDir);
    const image = await plainImage(40, 40, 'jpeg');
    const auth = await authorise();
    const contents = JSON.parse(Buffer.from(auth.policy, 'base64').toString()) as UploadPolicy;
    const secret = await getUploadSecret(app.ctx);
    const expired = signPolicy(secret, { ...contents, expiresAt: new Date(Date.now() - 1000).toISOString() });
    const otherKey = `photos/profile/${userId}/${'0'.repeat(32)}.jpg`;
    const altered = Buffer.from(JSON.stringify({ ...contents, key: otherKey })).toString('base64');
    const attempts: Array<[Array<[string, string]>, string, string]> = [
      [
        [
          ['key', auth.key],
          ['policy', expired.policy],
          ['signature', expired.signature],
        ],
        'policy',
        mediaMessages.policyExpired,
      ],
      [
        [
          ['key', otherKey],
          ['policy', altered],
          ['signature', auth.signature],
        ],
        'signature',
        mediaMessages.policyInvalid,
      ],
      [
        [
          ['key', auth.key],
          ['policy', auth.policy],
          ['signature', 'f'.repeat(64)],
        ],
        'signature',
        mediaMessages.policyInvalid,
      ],
      [
        [
          ['key', auth.key],
          ['policy', auth.policy],
        ],
        'signature',
        mediaMessages.policyInvalid,
      ],
      [
        [
          ['key', otherKey],
          ['policy', auth.policy],
          ['signature', auth.signature],
        ],
        'key',
        mediaMessages.keyInvalid,
      ],
      [
        [
          ['key', auth.key],
          ['signature', auth.signature],
        ],
        'policy',
        mediaMessages.policyInvalid,
      ],
    ];
    for (const [fields, field, message] of attempts) {
      const response = await upload({ fields }, image);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ code: 'VALIDATION', field, message });
    }
    expect(await listFiles(mediaDir)).toEqual(before);
  });

  it('answers 400, never 500, to malformed forms', async () => {
    const auth = await authorise();
    const noFile = await upload(fieldsOf(auth), undefined);
    expect(noFile.json()).toMatchObject({
      statusCode: 400,
      field: 'file',
      message: mediaMessages.fileRequired,
    });
    const fileFirst = await multipartBody([], {
      data: await plainImage(10, 10, 'jpeg'),
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    const early = await app.fastify.inject({ method: 'POST', url: '/api/media/upload', ...fileFirst });
    expect(early.json()).toMatchObject({ statusCode: 400, field: 'policy' });
    const body = await multipartBody(Object.entries(auth.fields), {
      data: await plainImage(10, 10, 'jpeg'),
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    const cut = await app.fastify.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: body.headers,
      payload: body.payload.subarray(0, body.payload.length - 60),
    });
    expect(cut.statusCode).toBe(400);
    const json = await app.fastify.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload: { key: auth.key },
    });
    expect(json.statusCode).toBe(400);
    expect(await listFiles(mediaDir)).not.toContain(auth.key);
  });
});
