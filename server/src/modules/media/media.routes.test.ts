import fs from 'node:fs/promises';
import path from 'node:path';
import { mediaMessages, type UploadAuthorisation, type UploadPolicy } from '@convene/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import {
  authoriseUpload,
  hasGpsPointer,
  plainImage,
  postUpload,
  rotatedJpegWithGps,
} from './media.testing.ts';

describe.each(testDatabases())('image uploads on %s', (kind) => {
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

  it('requires sign-in to authorise, and validates what is declared', async () => {
    const anonymous = await app.fastify.inject({
      method: 'PUT',
      url: '/api/imageprocessor/authorise',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const cases = [
      [{ size: 20_000_001 }, 'size', mediaMessages.tooLarge],
      [{ contentType: 'image/svg+xml' }, 'contentType', mediaMessages.typeInvalid],
      [{ purpose: 'banner' }, 'purpose', undefined],
    ] as const;
    for (const [override, field, message] of cases) {
      const response = await app.fastify.inject({
        method: 'PUT',
        url: '/api/imageprocessor/authorise',
        headers: { loginToken: token },
        payload: { fileName: 'a.jpg', contentType: 'image/jpeg', size: 10, purpose: 'profile', ...override },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', field, ...(message ? { message } : {}) });
    }
  });

  it('authorises a fresh key under the user with a signed 5-minute policy', async () => {
    const before = Date.now();
    const auth = await authorise({ purpose: 'cover' });
    expect(auth.key).toMatch(new RegExp(`^photos/cover/${userId}/[0-9a-f]{32}\\.jpg$`));
    expect(auth.url).toBe('/api/media/upload');
    expect(auth.mediaUrl).toBe(`/media/${auth.key}`);
    expect(Object.keys(auth.fields)).toEqual(['key', 'policy', 'signature']);
    expect(auth.fields).toEqual({ key: auth.key, policy: auth.policy, signature: auth.signature });
    const policy = JSON.parse(Buffer.from(auth.policy, 'base64').toString()) as UploadPolicy;
    expect(policy).toMatchObject({
      key: auth.key,
      contentTypes: ['image/png', 'image/jpeg'],
      contentLengthRange: [1, 20_000_000],
      userId,
      purpose: 'cover',
    });
    const ttl = Date.parse(policy.expiresAt) - before;
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(300_000 + 1000);
    expect((await authorise()).key).not.toBe(auth.key);
  });

  it('stores a JPEG upright, re-encoded without EXIF or GPS, and serves it as image/jpeg with nosniff', async () => {
    const original = await rotatedJpegWithGps();
    const input = await sharp(original).metadata();
    expect(input.orientation).toBe(6);
    expect(hasGpsPointer(input.exif)).toBe(true);

    const auth = await authorise();
    const response = await upload(fieldsOf(auth), original);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ key: auth.key, url: `/media/${auth.key}` });

    const stored = await fs.readFile(path.join(mediaDir, auth.key));
    const output = await sharp(stored).metadata();
    expect(output).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(output.exif).toBeUndefined();
    expect(output.orientation).toBeUndefined();
    expect(output.icc).toBeUndefined();
    expect(output.xmp).toBeUndefined();
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(100, 20)[0]).toBeGreaterThan(200); // red on top
    expect(pixel(100, 380)[2]).toBeGreaterThan(200); // blue below

    const served = await app.fastify.inject({ url: auth.mediaUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('caps a 4000x3000 JPEG inside 1200x675 and turns a PNG into a JPEG without enlarging it', async () => {
    const large = await authorise();
    expect((await upload(fieldsOf(large), await plainImage(4000, 3000, 'jpeg'))).statusCode).toBe(201);
    expect(await sharp(path.join(mediaDir, large.key)).metadata()).toMatchObject({ width: 900, height: 675 });

    const small = await authorise({ contentType: 'image/png' });
    const response = await upload(
      fieldsOf(small),
      await plainImage(300, 300, 'png'),
      'crop.png',
      'image/png',
    );
    expect(response.statusCode).toBe(201);
    expect(await sharp(path.join(mediaDir, small.key)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 300,
      height: 300,
    });
  });

  it("stores an event's image attachment under photos/event and serves it", async () => {
    const auth = await authorise({ purpose: 'event' });
    expect(auth.key).toMatch(new RegExp(`^photos/event/${userId}/[0-9a-f]{32}\\.jpg$`));
    expect((await upload(fieldsOf(auth), await plainImage(64, 48, 'jpeg'))).statusCode).toBe(201);
    const served = await app.fastify.inject({ url: auth.mediaUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('writes a key once: a second upload to it is refused and the first image stays', async () => {
    const auth = await authorise();
    expect((await upload(fieldsOf(auth), await plainImage(50, 50, 'jpeg'))).statusCode).toBe(201);
    const first = await fs.readFile(path.join(mediaDir, auth.key));
    const again = await upload(fieldsOf(auth), await plainImage(80, 80, 'jpeg'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION', field: 'key', message: mediaMessages.keyUsed });
    expect((await fs.readFile(path.join(mediaDir, auth.key))).equals(first)).toBe(true);
  });

  it('serves only stored keys: unknown keys, directories, temporary files and traversal answer 404', async () => {
    const auth = await authorise();
    await upload(fieldsOf(auth), await plainImage(20, 20, 'jpeg'));
    await fs.writeFile(path.join(app.dataDir, 'secret.txt'), 'do not serve');
    const urls = [
      `/media/photos/profile/${userId}/${'a'.repeat(32)}.jpg`,
      `/media/photos/profile/${userId}/`,
      '/media/',
      `/media/${auth.key}.0123456789abcdef.tmp`,
      '/media/../secret.txt',
      '/media/..%2fsecret.txt',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      `/media/photos/profile/${userId}/..%2f..%2f..%2f..%2fsecret.txt`,
    ];
    for (const url of urls) {
      const response = await app.fastify.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('do not serve');
    }
  });

  it('takes real multipart uploads over HTTP', async () => {
    const address = await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const auth = await authorise();
    const send = (file: Blob) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(auth.fields)) form.append(name, value);
      form.append('file', file, 'photo.jpg');
      return fetch(`${address}${auth.url}`, { method: 'POST', body: form });
    };
    const oversize = await send(new Blob([new Uint8Array(20_000_001)]));
    expect(oversize.status).toBe(400);
    const ok = await send(new Blob([await plainImage(64, 48, 'jpeg')], { type: 'image/jpeg' }));
    expect(ok.status).toBe(201);
    const served = await fetch(`${address}${auth.mediaUrl}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(64);
  });
});
