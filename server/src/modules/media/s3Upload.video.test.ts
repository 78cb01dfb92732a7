import { Readable } from 'node:stream';
import { mediaLimits } from '@convene/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { tinyMp4, tinyWebm } from './video.testing.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe.each(testDatabases())('chat videos: GET /api/s3?type=video/… then a streamed PUT on %s', (kind) => {
  let app: TestApp;
  let ana: User;
  let bob: User;
  let conversationId: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    ana = await app.register({ name: 'Ana Video' });
    bob = await app.register({ name: 'Bob Video' });
    conversationId = (
      await call('POST', '/api/conversations', ana, { type: '1to1', users: [bob.userId] })
    ).json().conversationId;
  });
  afterAll(() => app.stop());
  const call = testCaller(() => app);
  const sign = async (type: string) => {
    const answer = await call('GET', `/api/s3?type=${type}`, ana);
    expect(answer.statusCode).toBe(200);
    return answer.json() as { url: string; fileName: string };
  };
  const put = (
    url: string,
    body: Buffer | Readable,
    contentType: string,
    headers: Record<string, string> = {},
  ) =>
    app.fastify.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': contentType, ...headers },
      payload: body,
    });
  const media = (fileName: string, headers: Record<string, string> = {}) =>
    app.fastify.inject({ url: `/media/${fileName}`, headers });
  let sends = 0;
  const send = (url: string) =>
    call('POST', `/api/conversations/${conversationId}/messages`, ana, {
      media: url,
      clientKey: `video-${++sends}`,
    });

  it('stores a WebM as uploaded, serves it with its type and byte ranges, and it can be sent in a chat', async () => {
    const { url, fileName } = await sign('video/webm');
    expect(fileName).toMatch(new RegExp(`^videos/chat/${ana.userId}/[0-9a-f]{32}\\.webm$`));
    const webm = tinyWebm();
    const stored = await put(url, webm, 'video/webm');
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ key: fileName, url: `/media/${fileName}` });
    expect((await put(url, webm, 'video/webm')).json()).toMatchObject({ statusCode: 400, field: 'key' });

    const whole = await media(fileName);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(webm);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/webm',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-length': String(webm.length),
    });
    const part = await media(fileName, { range: 'bytes=4-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-7/${webm.length}`);
    expect(part.headers['content-length']).toBe('4');
    expect(part.headers['x-content-type-options']).toBe('nosniff');
    expect(part.rawPayload).toEqual(webm.subarray(4, 8));
    const tail = await media(fileName, { range: 'bytes=-3' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(webm.subarray(webm.length - 3));
    const open = await media(fileName, { range: 'bytes=10-' });
    expect(open.headers['content-range']).toBe(`bytes 10-${webm.length - 1}/${webm.length}`);
    const outside = await media(fileName, { range: `bytes=${webm.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${webm.length}`);

    const sent = await send(`/media/${fileName}`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ media: `/media/${fileName}`, message: null });
    // Still another person's file for Bob.
    const stolen = await call('POST', `/api/conversations/${conversationId}/messages`, bob, {
      media: `/media/${fileName}`,
      clientKey: 'video-bob',
    });
    expect(stolen.json()).toMatchObject({ statusCode: 400, field: 'media' });
    // A group photo is an image only, never a video.
    const group = await call('POST', '/api/conversations', ana, {
      type: 'group',
      name: 'Video group',
      photo: `/media/${fileName}`,
      users: [bob.userId],
    });
    expect(group.json()).toMatchObject({ statusCode: 400, field: 'photo' });
  });

  it('stores an MP4 and a QuickTime movie (both an ftyp box) with their types', async () => {
    for (const [type, extension] of [
      ['video/mp4', 'mp4'],
      ['video/quicktime', 'mov'],
    ] as const) {
      const { url, fileName } = await sign(type);
      expect(fileName.endsWith(`.${extension}`)).toBe(true);
      expect((await put(url, tinyMp4(), type)).statusCode).toBe(200);
      expect((await media(fileName)).headers['content-type']).toBe(type);
      expect((await send(`/media/${fileName}`)).statusCode).toBe(200);
    }
  });

  it('refuses content that is not the announced container, another type than signed, and an empty body, storing nothing', async () => {
    const mp4 = await sign('video/mp4');
    const mismatch = await put(mp4.url, tinyWebm(), 'video/mp4');
    expect(mismatch.json()).toMatchObject({
      statusCode: 400,
      field: 'file',
      message: 'media.errors.videoInvalid',
    });
    const html = await put(mp4.url, Buffer.from('<html><script>alert(1)</script></html>'), 'video/mp4');
    expect(html.json()).toMatchObject({
      statusCode: 400,
      field: 'file',
      message: 'media.errors.videoInvalid',
    });
    const short = await put(mp4.url, Buffer.from('ftyp'), 'video/mp4');
    expect(short.json()).toMatchObject({
      statusCode: 400,
      field: 'file',
      message: 'media.errors.videoInvalid',
    });
    expect((await put(mp4.url, Buffer.alloc(0), 'video/mp4')).json()).toMatchObject({
      statusCode: 400,
      field: 'file',
    });
    const otherType = await put(mp4.url, tinyWebm(), 'video/webm');
    expect(otherType.json()).toMatchObject({
      statusCode: 400,
      field: 'file',
      message: 'media.errors.typeInvalid',
    });
    expect((await media(mp4.fileName)).statusCode).toBe(404);
    expect((await send(`/media/${mp4.fileName}`)).json()).toMatchObject({ statusCode: 400, field: 'media' });
    // Nothing was stored under the key: the right file still goes there.
    expect((await put(mp4.url, tinyMp4(), 'video/mp4')).statusCode).toBe(200);

    // A photo's url takes no video, and a video's url no photo.
    const photo = await sign('image/jpeg');
    expect((await put(photo.url, tinyMp4(), 'video/mp4')).json()).toMatchObject({
      statusCode: 400,
      field: 'file',
    });
    expect((await call('GET', '/api/s3?type=video/avi', ana)).json()).toMatchObject({
      statusCode: 400,
      field: 'type',
    });
  });

  it(`refuses a video over ${mediaLimits.videoMaxBytes} bytes, announced or streamed, storing nothing`, async () => {
    const announced = await sign('video/webm');
    const refused = await put(announced.url, tinyWebm(), 'video/webm', {
      'content-length': String(mediaLimits.videoMaxBytes + 1),
    });
    expect(refused.json()).toMatchObject({
      statusCode: 400,
      field: 'file',
      message: 'media.errors.videoTooLarge',
    });

    // No length announced (chunked): counted as it streams, refused at the first byte too many.
    const streamed = await sign('video/webm');
    const chunk = Buffer.alloc(1_000_000, 7);
    let left = mediaLimits.videoMaxBytes + 1;
    const body = Readable.from(
      (function* () {
        yield tinyWebm();
        left -= tinyWebm().length;
        while (left > 0) {
          const size = Math.min(left, chunk.length);
          left -= size;
          yield chunk.subarray(0, size);
        }
      })(),
    );
    const tooLarge = await put(streamed.url, body, 'video/webm');
    expect(tooLarge.json()).toMatchObject({
      statusCode: 400,
      field: 'file',
      message: 'media.errors.videoTooLarge',
    });
    expect((await media(streamed.fileName)).statusCode).toBe(404);
  }, 60_000);
});
