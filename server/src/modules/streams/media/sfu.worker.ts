/**
 * The embedded media plane's SFU (issue 15), in a worker thread of its own so forwarding RTP
 * never competes with the HTTP event loop: one werift peer connection per broadcaster
 * (receives VP8 + Opus) and per viewer (sends them). Each RTP packet a broadcaster sends is
 * forwarded, serialised once, to every viewer of that stream. sfuClient.ts starts this worker
 * and talks to it in plain structured messages (protocol.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import {
  type MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  type RTCRtpReceiver,
  type RTCRtpSender,
  type RtpPacket,
  useAbsSendTime,
  useNACK,
  usePLI,
  useREMB,
  useSdesMid,
  useTransportWideCC,
  useTWCC,
} from 'werift';
import type {
  MainToWorker,
  SfuReply,
  SfuRequest,
  SfuSettings,
  SfuShutdown,
  SfuStats,
  WorkerToMain,
} from './protocol.ts';
import { announcePublicIp, capVideoBitrate, checkCodecs, type Kind, offeredKinds } from './sdp.ts';

interface Publisher {
  sessionId: string;
  identity: string;
  pc: RTCPeerConnection;
  /** The video receiver and its source, for key frame requests (PLI). */
  video: { receiver: RTCRtpReceiver; ssrc: number } | undefined;
  graceTimer: NodeJS.Timeout | undefined;
  /**
   * The last sign of life (performance.now()): the connection coming up, then each RTP packet;
   * 0 before either.
   */
  lastPacketAt: number;
}

interface Viewer {
  sessionId: string;
  identity: string;
  pc: RTCPeerConnection;
  /** One sender per kind the viewer asked for (its offer's m-sections). */
  senders: Partial<Record<Kind, RTCRtpSender>>;
  /** The broadcaster session this viewer's senders last forwarded, to renumber across a republish. */
  forwardedFrom: Partial<Record<Kind, string>>;
  graceTimer: NodeJS.Timeout | undefined;
  /** When the viewer's last RTCP (receiver reports, every second or so) arrived; 0 before connected. */
  lastRtcpAt: number;
}

interface Stream {
  room: string;
  streamId: string;
  publisher: Publisher | undefined;
  viewers: Map<string, Viewer>;
  /** Viewers whose offer is being answered: they count against the cap already. */
  pendingViewers: number;
  lastPli: number;
}

interface SessionRef {
  stream: Stream;
  role: 'publisher' | 'viewer';
}

/** Key frame requests to a broadcaster at most this often (viewers' own PLIs are forwarded too). */
const PLI_MIN_INTERVAL_MS = 300;
/** A viewer that never connects (or loses its connection this long) is dropped, freeing its place. */
const VIEWER_CONNECT_MS = 20_000;
/**
 * werift has no "peer left" event, and a peer that vanishes without a DTLS close never changes
 * its connection state (PLATFORM-NOTES item 16): a broadcaster whose media stops for the grace,
 * or a viewer whose receiver reports stop for `viewerSilenceMs`, is gone. Checked this often.
 */
const LIVENESS_CHECK_MS = 1000;

let settings: SfuSettings | undefined;
const streams = new Map<string, Stream>();
const sessions = new Map<string, SessionRef>();
/** Every peer connection made and not yet closed (shutdown closes them). */
const openPeers = new Set<RTCPeerConnection>();
let lastElu = performance.eventLoopUtilization();

const port = parentPort;
if (!port) throw new Error('sfu.worker.ts runs as a worker thread (started by sfuClient.ts)');

port.on('message', (message: MainToWorker) => {
  if (message.type === 'init') {
    settings = message.settings;
    return;
  }
  handle(message.request).then(
    (reply) => post({ type: 'reply', id: message.id, reply }),
    (error: unknown) =>
      post({
        type: 'failed',
        id: message.id,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});

function post(message: WorkerToMain): void {
  port?.postMessage(message);
}

async function handle(request: SfuRequest): Promise<SfuReply> {
  switch (request.type) {
    case 'publish':
      return publish(request.room, request.streamId, request.identity, request.sdp);
    case 'watch':
      return watch(request.room, request.streamId, request.identity, request.sdp);
    case 'delete':
      return deleteSession(request.sessionId, request.room, request.identity);
    case 'endStream':
      endStream(request.room, request.streamId, false);
      return { ok: true, value: null };
    case 'removeParticipant':
      removeParticipant(request.room, request.identity);
      return { ok: true, value: null };
    case 'stats':
      return { ok: true, value: stats() };
    case 'shutdown':
      return { ok: true, value: await shutdown() };
  }
}

function config(): SfuSettings {
  if (!settings) throw new Error('the SFU worker was not initialised');
  return settings;
}

function streamKey(room: string, streamId: string): string {
  return `${room}\n${streamId}`;
}

function streamOf(room: string, streamId: string): Stream {
  const key = streamKey(room, streamId);
  let stream = streams.get(key);
  if (!stream) {
    stream = { room, streamId, publisher: undefined, viewers: new Map(), pendingViewers: 0, lastPli: 0 };
    streams.set(key, stream);
  }
  return stream;
}

/** Forgets a stream nobody publishes or watches any more. */
function forgetIfEmpty(stream: Stream): void {
  if (!stream.publisher && stream.viewers.size === 0 && stream.pendingViewers === 0) {
    streams.delete(streamKey(stream.room, stream.streamId));
  }
}

function newPeerConnection(role: 'publisher' | 'viewer'): RTCPeerConnection {
  const s = config();
  const publisher = role === 'publisher';
  const pc = new RTCPeerConnection({
    codecs: {
      video: [
        new RTCRtpCodecParameters({
          mimeType: 'video/VP8',
          clockRate: 90_000,
          rtcpFeedback: publisher ? [useNACK(), usePLI(), useREMB(), useTWCC()] : [useNACK(), usePLI()],
        }),
      ],
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })],
    },
    // Transport-wide congestion control on the broadcaster's leg: without its feedback the
    // browser's bandwidth estimate stalls near 0.6 Mbps (PLATFORM-NOTES item 16). Not on the
    // viewers' legs: the SFU forwards one quality and has no use for their estimate, and stamping
    // and tracking every forwarded packet for it is CPU per packet per viewer.
    headerExtensions: {
      video: publisher ? [useSdesMid(), useAbsSendTime(), useTransportWideCC()] : [useSdesMid()],
      // Not on audio: werift answers transport-wide feedback per receiver, so audio packets
      // numbered in the same sequence would look lost to the browser's estimator.
      audio: [useSdesMid()],
    },
    iceServers: s.iceServers,
    icePortRange: s.udpPorts ? [s.udpPorts.min, s.udpPorts.max] : undefined,
    iceAdditionalHostAddresses: s.loopback ? ['127.0.0.1'] : undefined,
  });
  openPeers.add(pc);
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'closed') openPeers.delete(pc);
  });
  return pc;
}

/**
 * Closes every peer connection still open (their UDP sockets with them) before the main thread
 * terminates this worker: Node 20 aborts the whole process when a worker is terminated while a
 * UDP socket of its own is still receiving (a crash seen in CI, in UDPWrap::OnRecv).
 */
async function shutdown(): Promise<SfuShutdown> {
  const peers = [...openPeers];
  for (const stream of [...streams.values()]) endStream(stream.room, stream.streamId, false);
  await Promise.all(peers.map((pc) => pc.close().catch(() => undefined)));
  openPeers.clear();
  return { peersClosed: peers.length };
}

/**
 * Answers `offer` without trickle ICE, so one POST suffices: werift's setLocalDescription
 * resolves once its candidates are gathered (host ones at once; an unreachable STUN/TURN server
 * costs its ~5 s timeout).
 */
async function answer(pc: RTCPeerConnection, offer: string): Promise<string> {
  await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  await pc.setLocalDescription(await pc.createAnswer());
  const sdp = pc.localDescription?.sdp;
  if (!sdp) throw new Error('no local description after answering');
  const { publicIp } = config();
  return publicIp ? announcePublicIp(sdp, publicIp) : sdp;
}

async function publish(room: string, streamId: string, identity: string, sdp: string): Promise<SfuReply> {
  const bad = checkCodecs(sdp, true);
  if (bad) return { ok: false, refusal: { error: 'badSdp', message: bad } };
  const stream = streamOf(room, streamId);
  const previous = stream.publisher;
  if (previous && previous.identity !== identity) {
    forgetIfEmpty(stream);
    return { ok: false, refusal: { error: 'forbidden' } };
  }
  const pc = newPeerConnection('publisher');
  const sessionId = randomUUID();
  const publisher: Publisher = {
    sessionId,
    identity,
    pc,
    video: undefined,
    graceTimer: undefined,
    lastPacketAt: 0,
  };
  pc.onTransceiverAdded.subscribe((transceiver) => {
    transceiver.onTrack.subscribe((track) => forwardTrack(stream, publisher, track, transceiver.receiver));
  });
  let answerSdp: string;
  try {
    answerSdp = capVideoBitrate(await answer(pc, sdp), config().maxVideoBitrate);
  } catch (error) {
    await pc.close().catch(() => undefined);
    forgetIfEmpty(stream);
    return { ok: false, refusal: { error: 'badSdp', message: describe(error) } };
  }
  // While the answer was prepared, the stream may have ended, or someone else's publish won.
  const current = stream.publisher;
  if (streams.get(streamKey(room, streamId)) !== stream || (current && current.identity !== identity)) {
    await pc.close().catch(() => undefined);
    return { ok: false, refusal: { error: stream.publisher ? 'forbidden' : 'notFound' } };
  }
  // The same broadcaster publishing again (a reconnect within the grace): the new session takes
  // over, and the viewers stay.
  if (current) closePublisher(current);
  stream.publisher = publisher;
  sessions.set(sessionId, { stream, role: 'publisher' });
  // A broadcaster who never connects, or whose connection drops, has the grace to (re)connect.
  startPublisherGrace(stream, publisher);
  ensureLivenessChecks();
  pc.connectionStateChange.subscribe((state) => {
    if (stream.publisher !== publisher) return;
    if (state === 'connected') {
      clearTimeout(publisher.graceTimer);
      publisher.graceTimer = undefined;
      // From here the liveness check watches for media, so a broadcaster who drops before their
      // first packet is ended too (werift never reports a peer that vanished).
      publisher.lastPacketAt = Math.max(publisher.lastPacketAt, performance.now());
    } else if (state === 'disconnected' || state === 'failed' || state === 'closed') {
      startPublisherGrace(stream, publisher);
    }
  });
  return { ok: true, value: { sessionId, sdp: answerSdp } };
}

function startPublisherGrace(stream: Stream, publisher: Publisher): void {
  if (publisher.graceTimer) return;
  publisher.graceTimer = setTimeout(() => {
    if (stream.publisher === publisher) endStream(stream.room, stream.streamId, true);
  }, config().publisherGraceMs);
}

function forwardTrack(
  stream: Stream,
  publisher: Publisher,
  track: MediaStreamTrack,
  receiver: RTCRtpReceiver,
): void {
  const kind = track.kind as Kind;
  if (kind === 'video' && track.ssrc !== undefined) {
    publisher.video = { receiver, ssrc: track.ssrc };
    if (stream.viewers.size > 0) requestKeyFrame(stream, true);
  }
  track.onReceiveRtp.subscribe((rtp: RtpPacket) => {
    publisher.lastPacketAt = performance.now();
    if (stream.publisher !== publisher || stream.viewers.size === 0) return;
    // sendRtp rewrites the header it is given (SSRC, payload type, extensions): each viewer
    // gets its own copy, parsed from the one serialisation.
    const packet = rtp.serialize();
    for (const viewer of stream.viewers.values()) {
      const sender = viewer.senders[kind];
      if (!sender) continue;
      if (viewer.forwardedFrom[kind] !== publisher.sessionId) {
        // A republished stream starts its own sequence numbers and timestamps: continue the
        // viewer's instead of jumping.
        if (viewer.forwardedFrom[kind] !== undefined) continueNumbering(sender, rtp, kind);
        viewer.forwardedFrom[kind] = publisher.sessionId;
      }
      sender.sendRtp(packet).catch(() => undefined);
    }
  });
}

/**
 * Makes `sender` continue its own sequence numbers and timestamps with `rtp` as the next packet
 * (one frame interval later). Passed as if the packet before it, since werift's own
 * discontinuity step wraps the timestamp offset at 16 bits.
 */
function continueNumbering(sender: RTCRtpSender, rtp: RtpPacket, kind: Kind): void {
  const step = kind === 'video' ? 3000 : 960;
  sender.replaceRTP({
    sequenceNumber: (rtp.header.sequenceNumber + 0xffff) & 0xffff,
    timestamp: (rtp.header.timestamp - step) >>> 0,
  });
}

/** Asks the broadcaster for a key frame, so a viewer that just joined (or lost one) can decode. */
function requestKeyFrame(stream: Stream, force = false): void {
  const video = stream.publisher?.video;
  if (!video) return;
  const now = Date.now();
  if (!force && now - stream.lastPli < PLI_MIN_INTERVAL_MS) return;
  stream.lastPli = now;
  video.receiver.sendRtcpPLI(video.ssrc).catch(() => undefined);
}

async function watch(room: string, streamId: string, identity: string, sdp: string): Promise<SfuReply> {
  const bad = checkCodecs(sdp, false);
  if (bad) return { ok: false, refusal: { error: 'badSdp', message: bad } };
  const stream = streamOf(room, streamId);
  if (stream.viewers.size + stream.pendingViewers >= config().maxViewers) {
    forgetIfEmpty(stream);
    return { ok: false, refusal: { error: 'viewersFull' } };
  }
  stream.pendingViewers += 1;
  const pc = newPeerConnection('viewer');
  const senders: Partial<Record<Kind, RTCRtpSender>> = {};
  for (const kind of offeredKinds(sdp)) {
    senders[kind] ??= pc.addTransceiver(kind, { direction: 'sendonly' }).sender;
  }
  let answerSdp: string;
  try {
    answerSdp = await answer(pc, sdp);
  } catch (error) {
    stream.pendingViewers -= 1;
    forgetIfEmpty(stream);
    await pc.close().catch(() => undefined);
    return { ok: false, refusal: { error: 'badSdp', message: describe(error) } };
  }
  stream.pendingViewers -= 1;
  const sessionId = randomUUID();
  const viewer: Viewer = {
    sessionId,
    identity,
    pc,
    senders,
    forwardedFrom: {},
    graceTimer: undefined,
    lastRtcpAt: 0,
  };
  // The stream may have ended while the answer was being prepared.
  if (streams.get(streamKey(room, streamId)) !== stream) {
    await pc.close().catch(() => undefined);
    return { ok: false, refusal: { error: 'notFound' } };
  }
  stream.viewers.set(sessionId, viewer);
  sessions.set(sessionId, { stream, role: 'viewer' });
  const startGrace = () => {
    viewer.graceTimer ??= setTimeout(() => dropViewer(stream, viewer), VIEWER_CONNECT_MS);
  };
  startGrace();
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') {
      clearTimeout(viewer.graceTimer);
      viewer.graceTimer = undefined;
      viewer.lastRtcpAt = performance.now();
      requestKeyFrame(stream, true);
    } else if (state === 'failed' || state === 'closed') {
      dropViewer(stream, viewer);
    } else if (state === 'disconnected') {
      startGrace();
    }
  });
  // The viewer's decoder asks for a key frame when it lost one: pass it on to the broadcaster.
  senders.video?.onPictureLossIndication.subscribe(() => requestKeyFrame(stream));
  for (const sender of Object.values(senders)) {
    sender.onRtcp.subscribe(() => {
      if (viewer.lastRtcpAt > 0) viewer.lastRtcpAt = performance.now();
    });
  }
  ensureLivenessChecks();
  return { ok: true, value: { sessionId, sdp: answerSdp } };
}

let livenessTimer: NodeJS.Timeout | undefined;

/** Checks every second, while there are streams, that broadcasters send and viewers report. */
function ensureLivenessChecks(): void {
  livenessTimer ??= setInterval(() => {
    if (streams.size === 0) {
      clearInterval(livenessTimer);
      livenessTimer = undefined;
      return;
    }
    const now = performance.now();
    const grace = config().publisherGraceMs;
    for (const stream of [...streams.values()]) {
      const publisher = stream.publisher;
      if (publisher && publisher.lastPacketAt > 0 && now - publisher.lastPacketAt > grace) {
        endStream(stream.room, stream.streamId, true);
        continue;
      }
      for (const viewer of [...stream.viewers.values()]) {
        if (viewer.lastRtcpAt > 0 && now - viewer.lastRtcpAt > config().viewerSilenceMs)
          dropViewer(stream, viewer);
      }
    }
  }, LIVENESS_CHECK_MS);
  livenessTimer.unref();
}

function dropViewer(stream: Stream, viewer: Viewer): void {
  clearTimeout(viewer.graceTimer);
  if (stream.viewers.get(viewer.sessionId) === viewer) stream.viewers.delete(viewer.sessionId);
  sessions.delete(viewer.sessionId);
  viewer.pc.close().catch(() => undefined);
  forgetIfEmpty(stream);
}

function closePublisher(publisher: Publisher): void {
  clearTimeout(publisher.graceTimer);
  publisher.graceTimer = undefined;
  sessions.delete(publisher.sessionId);
  publisher.pc.close().catch(() => undefined);
}

/** Closes a stream's broadcaster and viewers; `gone`: tell the records the broadcaster left. */
function endStream(room: string, streamId: string, gone: boolean): void {
  const stream = streams.get(streamKey(room, streamId));
  if (!stream) return;
  streams.delete(streamKey(room, streamId));
  if (stream.publisher) closePublisher(stream.publisher);
  stream.publisher = undefined;
  for (const viewer of [...stream.viewers.values()]) dropViewer(stream, viewer);
  if (gone) post({ type: 'publisherGone', room, streamId });
}

function deleteSession(sessionId: string, room: string, identity: string): SfuReply {
  const ref = sessions.get(sessionId);
  if (!ref) return { ok: false, refusal: { error: 'notFound' } };
  const { stream, role } = ref;
  const session = role === 'publisher' ? stream.publisher : stream.viewers.get(sessionId);
  if (!session || session.sessionId !== sessionId) return { ok: false, refusal: { error: 'notFound' } };
  if (stream.room !== room || session.identity !== identity)
    return { ok: false, refusal: { error: 'forbidden' } };
  if (role === 'publisher') endStream(stream.room, stream.streamId, true);
  else dropViewer(stream, session as Viewer);
  return { ok: true, value: null };
}

function removeParticipant(room: string, identity: string): void {
  for (const stream of [...streams.values()]) {
    if (stream.room !== room) continue;
    for (const viewer of [...stream.viewers.values()]) {
      if (viewer.identity === identity) dropViewer(stream, viewer);
    }
    if (stream.publisher?.identity === identity) endStream(room, stream.streamId, true);
  }
}

function stats(): SfuStats {
  const elu = performance.eventLoopUtilization(lastElu);
  lastElu = performance.eventLoopUtilization();
  let publishers = 0;
  let viewers = 0;
  for (const stream of streams.values()) {
    if (stream.publisher) publishers += 1;
    viewers += stream.viewers.size;
  }
  return {
    publishers,
    viewers,
    eventLoopUtilization: elu.utilization,
    threadCpuSeconds: threadCpuSeconds(),
    heapUsed: process.memoryUsage().heapUsed,
  };
}

/** This thread's user + system CPU time (Linux; fields 14 and 15 of its stat, in 1/100 s ticks). */
function threadCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
