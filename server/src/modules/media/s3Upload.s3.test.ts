import { mediaLimits } from '@convene/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { type FakeS3, fakeS3Credentials, startFakeS3 } from '../../../test/fakeS3.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { newId } from '../../platform/ids.ts';
import { tinyMp4, tinyWebm } from './video.testing.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

const bucket = 'convene-media';
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('a small jpeg body')]);

describe.each(testDatabases())('chat uploads with MEDIA_STORE=s3: a presigned PUT on %s', (kind) => {
  let s3: FakeS3;
  let app: TestApp;
  let ana: User;
  let bob: User;
  let conversationId: string;
  beforeAll(async () => {
    s3 = await startFakeS3();
    app = await createTestApp(kind, {
      env: {
        MEDIA_STORE: 's3',
        S3_ENDPOINT: s3.url,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: fakeS3Credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: fakeS3Credentials.secretAccessKey,
      },
    });
    ana = await app.register({ name: 'Ana Bucket' });
    bob = await app.register({ name: 'Bob Bucket' });
    conversationId = (
      await call('POST', '/api/conversations', ana, { type: '1to1', users: [bob.userId] })
    ).json().conversationId;
  });
  afterEach(() => {
    s3.clockSkewMs = 0;
  });
  afterAll(async () => {
    await app.stop();
    await s3.close();
  });
  const call = testCaller(() => app);
  const sign = async (type = 'image/jpeg') => {
    const answer = await call('GET', `/api/s3?type=${type}`, ana);
    expect(answer.statusCode).toBe(200);
    return answer.json() as { url: string; fileName: string };
  };
  const put = (url: string, body: Buffer, contentType = 'image/jpeg') =>
    fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body });
  let sends = 0;
  const send = (media: string, sender = ana) =>
    call('POST', `/api/conversations/${conversationId}/messages`, sender, {
      media,
      clientKey: `s3-${++sends}`,
    });

  it('answers a presigned PUT to the bucket: the object lands under fileName, is sent in a message and served', async () => {
    const { url, fileName } = await sign();
    expect(fileName).toMatch(new RegExp(`^photos/chat/${ana.userId}/[0-9a-f]{32}\\.jpg$`));
    const signed = new URL(url);
    expect(`${signed.origin}${signed.pathname}`).toBe(`${s3.url}/${bucket}/${fileName}`);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe(String(mediaLimits.policyTtlSeconds));
    expect(signed.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    // No checksum of an empty body: S3 would refuse the real file.
    expect(signed.searchParams.has('x-amz-checksum-crc32')).toBe(false);

    expect((await put(url, jpeg)).status).toBe(200);
    expect(s3.object(bucket, fileName)).toEqual({ body: jpeg, contentType: 'image/jpeg' });

    const sent = await send(`/media/${fileName}`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ media: `/media/${fileName}`, message: null });
    const served = await app.fastify.inject({ url: `/media/${fileName}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(jpeg);
    // Still another person's file for Bob.
    expect((await send(`/media/${fileName}`, bob)).json()).toMatchObject({ statusCode: 400, field: 'media' });
  });

  it('refuses a PUT with another content type than signed, a tampered url and an expired one', async () => {
    const { url, fileName } = await sign('image/png');
    const wrongType = await put(url, jpeg, 'image/jpeg');
    expect(wrongType.status).toBe(403);
    expect(await wrongType.text()).toContain('SignatureDoesNotMatch');
    const otherKey = url.replace(fileName, `photos/chat/${ana.userId}/${newId()}.jpg`);
    expect((await put(otherKey, jpeg, 'image/png')).status).toBe(403);
    expect(s3.objects.size).toBe(1); // only the first test's object

    s3.clockSkewMs = (mediaLimits.policyTtlSeconds + 1) * 1000;
    const expired = await put(url, jpeg, 'image/png');
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('AccessDenied');
    expect(s3.object(bucket, fileName)).toBeUndefined();
    expect((await send(`/media/${fileName}`)).json()).toMatchObject({ statusCode: 400, field: 'media' });

    s3.clockSkewMs = (mediaLimits.policyTtlSeconds - 5) * 1000;
    expect((await put(url, jpeg, 'image/png')).status).toBe(200);
  });

  it('refuses media of a foreign host or bucket, even under our own key', async () => {
    const { fileName } = await sign();
    s3.objects.set(`other-bucket/${fileName}`, { body: jpeg, contentType: 'image/jpeg' });
    for (const media of [
      `${s3.url}/other-bucket/${fileName}`,
      `${s3.url}/${bucket}/${fileName}`,
      `https://${bucket}.s3.us-east-1.amazonaws.com/${fileName}`,
      `//evil.example/media/${fileName}`,
      // Only in the other bucket: not one of our uploads.
      `/media/${fileName}`,
    ]) {
      expect((await send(media)).json(), media).toMatchObject({ statusCode: 400, field: 'media' });
    }
  });

  it('cannot bound the size in the url, so an oversized, empty or non-image object is refused when sent, deleted and never served', async () => {
    const big = await sign();
    const oversized = Buffer.alloc(mediaLimits.maxBytes + 1, 1);
    expect((await put(big.url, oversized)).status).toBe(200);
    expect(s3.object(bucket, big.fileName)?.body.length).toBe(mediaLimits.maxBytes + 1);
    expect((await app.fastify.inject({ url: `/media/${big.fileName}` })).statusCode).toBe(404);
    expect((await send(`/media/${big.fileName}`)).json()).toMatchObject({ statusCode: 400, field: 'media' });
    expect(s3.object(bucket, big.fileName)).toBeUndefined();

    const empty = await sign();
    expect((await put(empty.url, Buffer.alloc(0))).status).toBe(200);
    expect((await send(`/media/${empty.fileName}`)).json()).toMatchObject({
      statusCode: 400,
      field: 'media',
    });
    expect(s3.object(bucket, empty.fileName)).toBeUndefined();

    // An object of another type under our key (put there by other means than the signed url).
    const html = await sign();
    s3.objects.set(`${bucket}/${html.fileName}`, { body: Buffer.from('<script>'), contentType: 'text/html' });
    expect((await app.fastify.inject({ url: `/media/${html.fileName}` })).statusCode).toBe(404);
    expect((await send(`/media/${html.fileName}`)).json()).toMatchObject({ statusCode: 400, field: 'media' });
    expect(s3.object(bucket, html.fileName)).toBeUndefined();
  });

  it('presigns a video PUT; a video is sent only when its first bytes are its container, else deleted', async () => {
    const mp4 = tinyMp4();
    const video = await sign('video/mp4');
    expect(video.fileName).toMatch(new RegExp(`^videos/chat/${ana.userId}/[0-9a-f]{32}\\.mp4$`));
    expect((await put(video.url, mp4, 'video/webm')).status).toBe(403);
    expect((await put(video.url, mp4, 'video/mp4')).status).toBe(200);
    const reads = s3.rangeReads;
    expect((await send(`/media/${video.fileName}`)).json()).toMatchObject({
      media: `/media/${video.fileName}`,
    });
    // Only the first bytes were read to check it, not the whole video.
    expect(s3.rangeReads).toBe(reads + 1);
    const served = await app.fastify.inject({ url: `/media/${video.fileName}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload).toEqual(mp4);
    // Seeking: a byte range comes from the bucket as a range, answered 206; past the end, 416.
    const rangeReads = s3.rangeReads;
    const part = await app.fastify.inject({
      url: `/media/${video.fileName}`,
      headers: { range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${mp4.length}`);
    expect(part.rawPayload).toEqual(mp4.subarray(4, 12));
    expect(s3.rangeReads).toBe(rangeReads + 1);
    const past = await app.fastify.inject({
      url: `/media/${video.fileName}`,
      headers: { range: `bytes=${mp4.length + 10}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${mp4.length}`);

    // Declared a video, but HTML inside: refused when sent, and deleted.
    const disguised = await sign('video/webm');
    expect((await put(disguised.url, Buffer.from('<html><script>x</script>'), 'video/webm')).status).toBe(
      200,
    );
    expect((await send(`/media/${disguised.fileName}`)).json()).toMatchObject({
      statusCode: 400,
      field: 'media',
    });
    expect(s3.object(bucket, disguised.fileName)).toBeUndefined();

    // An image type under a video key, or a video over the cap: refused too.
    const imageUnderVideo = await sign('video/webm');
    s3.objects.set(`${bucket}/${imageUnderVideo.fileName}`, { body: tinyWebm(), contentType: 'image/jpeg' });
    expect((await send(`/media/${imageUnderVideo.fileName}`)).json()).toMatchObject({ statusCode: 400 });
    const big = await sign('video/webm');
    const oversized = Buffer.alloc(mediaLimits.videoMaxBytes + 1, 0);
    tinyWebm().copy(oversized);
    s3.objects.set(`${bucket}/${big.fileName}`, { body: oversized, contentType: 'video/webm' });
    expect((await send(`/media/${big.fileName}`)).json()).toMatchObject({ statusCode: 400, field: 'media' });
    expect(s3.object(bucket, big.fileName)).toBeUndefined();
  });

  it('has no local PUT route in S3 mode', async () => {
    const response = await app.fastify.inject({
      method: 'PUT',
      url: '/api/s3/upload?policy=e30%3D&signature=00',
      headers: { 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    expect(response.statusCode).toBe(404);
  });
});
