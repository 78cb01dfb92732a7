import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { plainImage } from './media.testing.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe('chat uploads: GET /api/s3 then PUT to the signed url', () => {
  let app: TestApp;
  let ana: User;
  let bob: User;
  beforeAll(async () => {
    app = await createTestApp('pglite');
    ana = await app.register({ name: 'Ana Upload' });
    bob = await app.register({ name: 'Bob Upload' });
  });
  afterAll(() => app.stop());
  const call = testCaller(() => app);
  const put = (url: string, body: Buffer, contentType = 'image/png') =>
    app.fastify.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });

  it('stores a re-encoded JPEG under the signed name, once, and it can be sent in a chat', async () => {
    const signed = await call('GET', '/api/s3?type=image/png', ana);
    expect(signed.statusCode).toBe(200);
    const { url, fileName } = signed.json() as { url: string; fileName: string };
    expect(fileName).toMatch(new RegExp(`^photos/chat/${ana.userId}/[0-9a-f]{32}\\.jpg$`));
    const png = await plainImage(300, 200, 'png');
    expect((await put(url, png, 'image/jpeg')).json()).toMatchObject({ statusCode: 400, field: 'file' });
    const stored = await put(url, png);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ key: fileName, url: `/media/${fileName}` });
    expect((await put(url, png)).json()).toMatchObject({ statusCode: 400, field: 'key' });
    const served = await app.fastify.inject({ url: `/media/${fileName}` });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');

    const { conversationId } = (
      await call('POST', '/api/conversations', ana, { type: '1to1', users: [bob.userId] })
    ).json();
    const sent = await call('POST', `/api/conversations/${conversationId}/messages`, ana, {
      media: `/media/${fileName}`,
      clientKey: 'upload-1',
    });
    expect(sent.json()).toMatchObject({ media: `/media/${fileName}`, message: null });
    const stolen = await call('POST', `/api/conversations/${conversationId}/messages`, bob, {
      media: `/media/${fileName}`,
      clientKey: 'upload-2',
    });
    expect(stolen.json()).toMatchObject({ statusCode: 400, field: 'media' });
  });

  it('refuses a forged or tampered url, a non-image and an unsigned caller for the signing call', async () => {
    const { url } = (await call('GET', '/api/s3?type=image/png', ana)).json() as { url: string };
    const png = await plainImage(50, 50, 'png');
    const tampered = url.replace(
      /signature=[0-9a-f]/,
      (match) => `${match.slice(0, -1)}${match.endsWith('0') ? '1' : '0'}`,
    );
    expect((await put(tampered, png)).json()).toMatchObject({ statusCode: 400, field: 'signature' });
    expect((await put('/api/s3/upload?policy=e30%3D&signature=zz', png)).statusCode).toBe(400);
    expect((await put(url, Buffer.from('not an image at all'))).json()).toMatchObject({
      statusCode: 400,
      field: 'file',
    });
    expect((await call('GET', '/api/s3?type=image/gif', ana)).json()).toMatchObject({
      statusCode: 400,
      field: 'type',
    });
    expect((await app.fastify.inject({ url: '/api/s3?type=image/png' })).statusCode).toBe(401);
  });
});
