/**
 * The embedded media plane end to end in Node: real WebRTC peers (@roamhq/wrtc, libwebrtc)
 * publish a generated 640×360 VP8 track through the real signalling routes to the werift SFU in
 * its worker thread, and viewers decode the forwarded frames.
 */

import rateLimit from '@fastify/rate-limit';
import wrtc from '@roamhq/wrtc';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AccessToken } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamsConfig } from '../../../config.ts';
import { registerErrorHandling } from '../../../platform/http.ts';
import type { StreamsGate } from '../streams.provider.ts';
import { createEmbeddedProvider, type EmbeddedProvider } from './index.ts';

const { RTCPeerConnection } = wrtc;
const { RTCVideoSource, RTCVideoSink, RTCAudioSource } = wrtc.nonstandard;

const apiKey = 'test-key';
const apiSecret = 'test-secret-that-is-long-enough-for-hs256';
const room = 'convene-test-event-1';
const WIDTH = 640;
const HEIGHT = 360;

const config: StreamsConfig = {
  provider: 'embedded',
  livekit: undefined,
  maxViewers: 2,
  udpPorts: undefined,
  publicIp: undefined,
  iceServers: [],
};

/** The records' side, reduced to what the media plane asks: which streams are live and whose. */
class TestGate implements StreamsGate {
  readonly live = new Map<string, string>();
  readonly forbiddenWatchers = new Set<string>();
  async mayPublish(r: string, streamId: string, identity: string) {
    if (r !== room || !this.live.has(streamId)) return 'ended' as const;
    return this.live.get(streamId) === identity ? ('ok' as const) : ('forbidden' as const);
  }
  async mayWatch(r: string, streamId: string, identity: string) {
    if (r !== room || !this.live.has(streamId)) return 'ended' as const;
    return this.forbiddenWatchers.has(identity) ? ('forbidden' as const) : ('ok' as const);
  }
}

async function token(
  identity: string,
  grants: { canPublish?: boolean; canSubscribe?: boolean; room?: string },
  ttl: number | string = '5m',
) {
  const at = new AccessToken(apiKey, apiSecret, { identity, ttl });
  at.addGrant({
    room: grants.room ?? room,
    roomJoin: true,
    canPublish: grants.canPublish ?? false,
    canSubscribe: grants.canSubscribe ?? false,
  });
  return at.toJwt();
}

/** Polls `check` (after `refresh`) until it holds (events arrive at their own pace on a loaded machine). */
async function until(
  what: string,
  check: () => boolean,
  timeoutMs = 15_000,
  refresh: () => Promise<void> = async () => undefined,
): Promise<void> {
  const start = Date.now();
  await refresh();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await refresh();
  }
}

async function gathered(pc: InstanceType<typeof RTCPeerConnection>): Promise<string> {
  await pc.setLocalDescription(await pc.createOffer());
  await until('ICE gathering', () => pc.iceGatheringState === 'complete', 10_000);
  return pc.localDescription?.sdp ?? '';
}

function post(
  app: FastifyInstance,
  url: string,
  bearer: string,
  sdp: string,
  contentType = 'application/sdp',
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': contentType },
    payload: sdp,
  });
}

/** A broadcaster: a generated, changing 640×360 picture (and a tone), published with one POST. */
async function publisher(app: FastifyInstance, streamId: string, bearer: string, { sendMedia = true } = {}) {
  const pc = new RTCPeerConnection();
  const video = new RTCVideoSource();
  const audio = new RTCAudioSource();
  pc.addTransceiver(video.createTrack(), { direction: 'sendonly' });
  pc.addTransceiver(audio.createTrack(), { direction: 'sendonly' });
  const frame = new Uint8Array(WIDTH * HEIGHT * 1.5);
  const samples = new Int16Array(480);
  let n = 0;
  const timer = setInterval(() => {
    if (!sendMedia) return;
    n += 1;
    frame.fill(n % 256, 0, WIDTH * HEIGHT);
    frame.fill(128, WIDTH * HEIGHT);
    video.onFrame({ width: WIDTH, height: HEIGHT, data: frame });
    for (let i = 0; i < samples.length; i += 1) samples[i] = Math.round(3000 * Math.sin((n * 480 + i) / 10));
    for (let k = 0; k < 3; k += 1) {
      audio.onData({ samples, sampleRate: 48_000, bitsPerSample: 16, channelCount: 1, numberOfFrames: 480 });
    }
  }, 33);
  const response = await post(
    app,
    `/api/streams/media/${room}/streams/${streamId}/publish`,
    bearer,
    await gathered(pc),
  );
  if (response.statusCode === 201) await pc.setRemoteDescription({ type: 'answer', sdp: response.body });
  return {
    pc,
    response,
    close() {
      clearInterval(timer);
      // Once: libwebrtc's peer is closed a single time, whoever asks first.
      if (pc.connectionState !== 'closed') pc.close();
    },
  };
}

/** A viewer: receives video and audio, counts decoded frames. */
async function viewer(app: FastifyInstance, streamId: string, bearer: string) {
  const pc = new RTCPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  const state = { frames: 0, width: 0, states: [] as string[] };
  const sinks: InstanceType<typeof RTCVideoSink>[] = [];
  pc.ontrack = ({ track }: { track: ConstructorParameters<typeof RTCVideoSink>[0] & { kind: string } }) => {
    if (track.kind !== 'video') return;
    const sink = new RTCVideoSink(track);
    sinks.push(sink);
    sink.onframe = ({ frame }: { frame: { width: number } }) => {
      state.frames += 1;
      state.width = frame.width;
    };
  };
  pc.onconnectionstatechange = () => state.states.push(pc.connectionState);
  const response = await post(
    app,
    `/api/streams/media/${room}/streams/${streamId}/watch`,
    bearer,
    await gathered(pc),
  );
  if (response.statusCode === 201) await pc.setRemoteDescription({ type: 'answer', sdp: response.body });
  return {
    pc,
    response,
    state,
    close() {
      for (const sink of sinks) sink.stop();
      pc.close();
    },
  };
}

describe('the embedded media plane', () => {
  let app: FastifyInstance;
  let provider: EmbeddedProvider;
  const gate = new TestGate();
  const gone: string[] = [];
  const errors: string[] = [];
  const cleanup: (() => void)[] = [];

  beforeAll(async () => {
    provider = createEmbeddedProvider({
      config,
      publicUrl: 'http://127.0.0.1:1',
      apiKey,
      apiSecret,
      gate,
      logger: {
        error: (details: { err: Error }) => errors.push(details.err.message),
        warn: () => undefined,
      } as never,
      publisherGraceMs: 1500,
      viewerSilenceMs: 4000,
      loopback: true,
    });
    provider.onPublisherGone((r, streamId) => gone.push(`${r}/${streamId}`));
    // A listener that fails (the records' database is down) is logged, and the others still hear.
    provider.onPublisherGone(async () => {
      throw new Error('the records failed');
    });
    app = Fastify();
    // As the app does: route schemas are zod.
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(rateLimit, { global: false });
    registerErrorHandling(app);
    provider.registerRoutes(app);
    await app.ready();
  });

  afterAll(async () => {
    for (const close of cleanup) close();
    await app?.close();
    await provider?.close();
  });

  it('forwards a published 640×360 stream to two viewers, who decode it; refuses others; a DELETE ends it', async () => {
    gate.live.set('s1', 'alice');
    const pub = await publisher(app, 's1', await token('alice', { canPublish: true }));
    cleanup.push(() => pub.close());
    expect(pub.response.statusCode).toBe(201);
    expect(pub.response.headers['content-type']).toBe('application/sdp');
    const location = String(pub.response.headers.location);
    expect(location).toMatch(/^\/api\/streams\/media\/sessions\/[0-9a-f-]{36}$/);
    // The broadcaster is capped at 800 kbps in the answer.
    expect(pub.response.body).toMatch(/m=video[\s\S]*b=AS:800\r\nb=TIAS:800000/);
    expect(pub.response.body).toContain('transport-cc');

    const bob = await viewer(app, 's1', await token('bob', { canSubscribe: true }));
    const carol = await viewer(app, 's1', await token('carol', { canSubscribe: true }));
    cleanup.push(
      () => bob.close(),
      () => carol.close(),
    );
    expect(bob.response.statusCode).toBe(201);
    expect(carol.response.statusCode).toBe(201);
    await until('frames at both viewers', () => bob.state.frames >= 10 && carol.state.frames >= 10, 20_000);
    expect(bob.state.width).toBe(WIDTH);
    const before = [bob.state.frames, carol.state.frames];
    await until(
      'more frames',
      () => bob.state.frames > (before[0] ?? 0) + 5 && carol.state.frames > (before[1] ?? 0) + 5,
    );

    // Over the cap (2 viewers here): refused with the viewers-full text and a retry hint.
    const dave = await viewer(app, 's1', await token('dave', { canSubscribe: true }));
    cleanup.push(() => dave.close());
    expect(dave.response.statusCode).toBe(429);
    expect(dave.response.json().message).toBe('streams.errors.viewersFull');
    expect(dave.response.headers['retry-after']).toBe('10');

    // A viewer may not end the broadcaster's session.
    const bobDelete = await app.inject({
      method: 'DELETE',
      url: location,
      headers: { authorization: `Bearer ${await token('bob', { canSubscribe: true })}` },
    });
    expect(bobDelete.statusCode).toBe(403);

    const deleted = await app.inject({
      method: 'DELETE',
      url: location,
      headers: { authorization: `Bearer ${await token('alice', { canPublish: true })}` },
    });
    expect(deleted.statusCode).toBe(204);
    await until('the publisher-gone notice', () => gone.includes(`${room}/s1`));
    await until(
      'both viewers disconnected',
      () => [bob, carol].every(({ pc }) => ['closed', 'failed', 'disconnected'].includes(pc.connectionState)),
      20_000,
    );
    const again = await app.inject({
      method: 'DELETE',
      url: location,
      headers: { authorization: `Bearer ${await token('alice', { canPublish: true })}` },
    });
    // Already ended: nothing left to end, which is what the client asked.
    expect(again.statusCode).toBe(204);
  });

  it('ends a stream whose broadcaster dropped for longer than the grace', async () => {
    gate.live.set('s2', 'alice');
    const pub = await publisher(app, 's2', await token('alice', { canPublish: true }));
    cleanup.push(() => pub.close());
    expect(pub.response.statusCode).toBe(201);
    await until('the broadcaster connected', () => pub.pc.connectionState === 'connected');
    pub.close();
    await until('the publisher-gone notice', () => gone.includes(`${room}/s2`), 20_000);
    await until('the failing listener logged', () => errors.includes('the records failed'));
  });

  it('ends a stream whose broadcaster connected and dropped before any media arrived', async () => {
    gate.live.set('s8', 'alice');
    const pub = await publisher(app, 's8', await token('alice', { canPublish: true }), { sendMedia: false });
    cleanup.push(() => pub.close());
    expect(pub.response.statusCode).toBe(201);
    await until('the broadcaster connected', () => pub.pc.connectionState === 'connected');
    pub.close();
    await until('the publisher-gone notice', () => gone.includes(`${room}/s8`), 20_000);
  });

  it('keeps the viewers when the broadcaster publishes again (a reconnect), and refuses someone else publishing it', async () => {
    gate.live.set('s6', 'alice');
    const first = await publisher(app, 's6', await token('alice', { canPublish: true }));
    cleanup.push(() => first.close());
    const bob = await viewer(app, 's6', await token('bob', { canSubscribe: true }));
    cleanup.push(() => bob.close());
    await until('frames from the first session', () => bob.state.frames > 5, 20_000);

    const second = await publisher(app, 's6', await token('alice', { canPublish: true }));
    cleanup.push(() => second.close());
    expect(second.response.statusCode).toBe(201);
    first.close();
    await until('the second session connected', () => second.pc.connectionState === 'connected');
    const frames = bob.state.frames;
    await until('frames from the second session', () => bob.state.frames > frames + 10, 20_000);
    expect(gone).not.toContain(`${room}/s6`);

    // The gate lets only alice publish s6; were it to allow bob, the SFU still refuses a second broadcaster.
    gate.live.set('s6', 'bob');
    const intruder = await publisher(app, 's6', await token('bob', { canPublish: true }));
    cleanup.push(() => intruder.close());
    expect(intruder.response.statusCode).toBe(403);
    gate.live.set('s6', 'alice');
    await provider.endStream(room, 's6');
  });

  it('drops a removed participant and a vanished viewer only; endStream closes the stream without a publisher-gone notice', async () => {
    gate.live.set('s5', 'alice');
    const pub = await publisher(app, 's5', await token('alice', { canPublish: true }));
    cleanup.push(() => pub.close());
    expect(pub.response.statusCode).toBe(201);
    const bob = await viewer(app, 's5', await token('bob', { canSubscribe: true }));
    const carol = await viewer(app, 's5', await token('carol', { canSubscribe: true }));
    cleanup.push(
      () => bob.close(),
      () => carol.close(),
    );
    await until('frames at both viewers', () => bob.state.frames > 0 && carol.state.frames > 0, 20_000);
    const before = await provider.stats();
    let viewersNow = before.viewers;

    await provider.removeParticipant(room, 'bob');
    expect((await provider.stats()).viewers).toBe(before.viewers - 1);
    const carolFrames = carol.state.frames;
    await until('carol still receiving', () => carol.state.frames > carolFrames + 5);
    // The freed place can be taken again (the cap is 2).
    const dave = await viewer(app, 's5', await token('dave', { canSubscribe: true }));
    cleanup.push(() => dave.close());
    expect(dave.response.statusCode).toBe(201);
    await until('dave receiving', () => dave.state.frames > 0, 20_000);
    // A viewer that vanishes without a word (no DTLS close reaches werift) is dropped once its
    // receiver reports stop.
    dave.close();
    await until(
      'dave dropped',
      () => viewersNow === before.viewers - 1,
      20_000,
      async () => {
        viewersNow = (await provider.stats()).viewers;
      },
    );

    await provider.endStream(room, 's5');
    const after = await provider.stats();
    expect(after.publishers).toBe(before.publishers - 1);
    expect(after.viewers).toBe(before.viewers - 2);
    expect(gone).not.toContain(`${room}/s5`);
  });

  it('refuses tokens without the grant, expired or for another room, and what the gate forbids', async () => {
    gate.live.set('s3', 'alice');
    const offer = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n';
    const watch = `/api/streams/media/${room}/streams/s3/watch`;
    const publish = `/api/streams/media/${room}/streams/s3/publish`;

    expect((await post(app, watch, await token('bob', { canSubscribe: false }), offer)).statusCode).toBe(403);
    expect((await post(app, publish, await token('bob', { canSubscribe: true }), offer)).statusCode).toBe(
      403,
    );
    expect(
      (await post(app, watch, await token('bob', { canSubscribe: true, room: 'other' }), offer)).statusCode,
    ).toBe(403);
    const expired = await token('bob', { canSubscribe: true }, -60);
    expect((await post(app, watch, expired, offer)).statusCode).toBe(401);
    const forged = await new AccessToken(apiKey, 'another-secret-another-secret-xx', {
      identity: 'bob',
    }).toJwt();
    expect((await post(app, watch, forged, offer)).statusCode).toBe(401);
    const missing = await app.inject({
      method: 'POST',
      url: watch,
      headers: { 'content-type': 'application/sdp' },
      payload: offer,
    });
    expect(missing.statusCode).toBe(401);

    gate.forbiddenWatchers.add('mallory');
    expect((await post(app, watch, await token('mallory', { canSubscribe: true }), offer)).statusCode).toBe(
      403,
    );
    // Someone else's stream: the gate says forbidden.
    expect((await post(app, publish, await token('bob', { canPublish: true }), offer)).statusCode).toBe(403);
    // An ended (or unknown) stream.
    const ended = await post(
      app,
      `/api/streams/media/${room}/streams/gone/watch`,
      await token('bob', { canSubscribe: true }),
      offer,
    );
    expect(ended.statusCode).toBe(404);
    expect(ended.json().message).toBe('streams.errors.ended');
  });

  it('answers 400 to malformed offers and 413 to huge ones, never a 500', async () => {
    gate.live.set('s4', 'alice');
    const bearer = await token('alice', { canPublish: true });
    const publish = `/api/streams/media/${room}/streams/s4/publish`;
    for (const bad of ['', 'hello', 'v=0\r\nm=video 9\0 UDP', 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n']) {
      const response = await post(app, publish, bearer, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Only VP8 + Opus are forwarded: an H.264-only offer is refused clearly.
    const pc = new RTCPeerConnection();
    pc.addTransceiver('video', { direction: 'sendonly' });
    const h264Only = (await gathered(pc)).replace(/a=rtpmap:(\d+) VP8\/90000/g, 'a=rtpmap:$1 H264/90000');
    pc.close();
    const refused = await post(app, publish, bearer, h264Only);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('VP8');

    expect((await post(app, publish, bearer, '{"sdp":"v=0"}', 'application/json')).statusCode).toBe(400);
    expect((await post(app, publish, bearer, 'v=0', 'text/plain')).statusCode).toBe(400);
    expect((await post(app, publish, bearer, 'v=0', 'application/x-unknown')).statusCode).toBe(415);
    expect((await post(app, publish, bearer, `v=0\r\n${'a=x\r\n'.repeat(20_000)}`)).statusCode).toBe(413);
    const unknownSession = await app.inject({
      method: 'DELETE',
      url: '/api/streams/media/sessions/not-a-session',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(unknownSession.statusCode).toBe(404);
  });

  // Last: it spends the address's allowance of the watch route.
  it('limits offers per address', async () => {
    const watch = `/api/streams/media/${room}/streams/s7/watch`;
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: watch,
            headers: { 'content-type': 'application/sdp' },
            payload: 'v=0',
          })
        ).statusCode,
      );
    }
    // The earlier tests spent part of the allowance (120 a minute) on this route already.
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(90);
    expect(statuses.slice(0, first).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(first).every((status) => status === 429)).toBe(true);
  });
});

describe('the embedded media plane shutting down', () => {
  /** A plane of its own (the test closes it) with its signalling routes on an app. */
  async function startPlane() {
    const gate = new TestGate();
    const provider = createEmbeddedProvider({
      config,
      publicUrl: 'http://127.0.0.1:1',
      apiKey,
      apiSecret,
      gate,
      logger: { error: () => undefined, warn: () => undefined } as never,
      loopback: true,
    });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(rateLimit, { global: false });
    registerErrorHandling(app);
    provider.registerRoutes(app);
    await app.ready();
    return { gate, provider, app };
  }

  it('ends the streams it carried before it stops, so the records never show them live after a restart', async () => {
    const { gate, provider, app } = await startPlane();
    const gone: string[] = [];
    // The records' listener is async: close() waits for it, while the database is still open.
    provider.onPublisherGone(async (r, streamId) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      gone.push(`${r}/${streamId}`);
    });
    gate.live.set('s9', 'alice');
    const pub = await publisher(app, 's9', await token('alice', { canPublish: true }));
    try {
      expect(pub.response.statusCode).toBe(201);
      await until('the broadcaster connected', () => pub.pc.connectionState === 'connected');
      // The test's own peer goes first (libwebrtc is not closed after its remote vanished); the
      // SFU would notice it only after the 10 s grace, so what follows is close()'s doing.
      pub.close();
      expect(gone).toEqual([]);
      await provider.close();
      expect(gone).toEqual([`${room}/s9`]);
    } finally {
      pub.close();
      await app.close();
    }
  });

  it('closes its peer connections (their UDP sockets) before the worker ends, while media still flows', async () => {
    // Terminating the worker with a socket still receiving aborts the process on Node 20
    // (UDPWrap::OnRecv, seen once in CI), so close() has the worker close them first.
    const { gate, provider, app } = await startPlane();
    gate.live.set('s10', 'alice');
    const pub = await publisher(app, 's10', await token('alice', { canPublish: true }));
    const bob = await viewer(app, 's10', await token('bob', { canSubscribe: true }));
    try {
      expect(pub.response.statusCode).toBe(201);
      expect(bob.response.statusCode).toBe(201);
      await until('frames at the viewer', () => bob.state.frames > 0, 20_000);
      // Both remote peers are still sending (media, receiver reports) as the plane stops.
      expect(await provider.close()).toEqual({ peersClosed: 2 });
    } finally {
      bob.close();
      pub.close();
      await app.close();
    }
  });
});
