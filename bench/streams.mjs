// Live streams benchmark (issue 15, point 5): one 640×360 stream through the embedded media plane
// (the werift SFU in its worker thread, signalling over HTTP) to 1, 10, 25 and 50 viewers. The
// broadcaster and the viewers are libwebrtc peers (@roamhq/wrtc) in this process, on the same
// machine as the server: their encoding and decoding share its cores with the SFU.
//
// The broadcaster draws a frame counter into each picture (16 black or white blocks across the
// top 16 rows of the Y plane, their complement in the next 16, so a misread is not counted) and keeps the time it handed each frame to the encoder; each viewer
// reads the counter back from its decoded frames: glass-to-glass latency = encode + send +
// SFU + receive + decode, on one clock. Per viewer count it reports
//   - the SFU worker thread's CPU, % of one core: its own CPU time over the window (Linux,
//     /proc/thread-self/stat read in the worker), and in brackets its event loop utilisation
//     (performance.eventLoopUtilization: wall time it was busy, which also counts time spent
//     waiting for a core on a loaded machine); the whole server process's CPU (process.cpuUsage
//     delta: main thread, worker, libuv threads); and this process's CPU (the peers' encoding and
//     decoding, libwebrtc's threads included);
//   - the server process's RSS, and the worker's heap;
//   - frames decoded per second per viewer (min, median) and the latency p50/p99;
//   - GET /api/health (the real app, embedded database, on the server's main thread) from a small
//     probe process of its own, every 50 ms, while the stream runs (p50, p99, max).
//
//   node bench/streams.mjs [--viewers=1,10,25,50] [--seconds=15] [--json=results.json] [--write]
//   (--write: rewrites the live streams section of docs/PERFORMANCE.md)
// `npm run bench` runs it too (see bench/run.mjs; --no-streams skips it).
import { fork, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { option, saveResults } from './lib/cli.mjs';
import { replaceStreamsSection } from './lib/report.mjs';
import { findFreePort } from './lib/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WIDTH = 640;
const HEIGHT = 360;
const FPS = 30;
const BITS = 16;
const BAR_ROWS = 32;
const ROOM = 'convene-bench-event-1';
const STREAM_ID = 'bench-stream';

/** Runs the streams benchmark; resolves to { viewerCounts, seconds, runs[] }. */
export async function benchStreams({ viewerCounts = [1, 10, 25, 50], seconds = 15 } = {}) {
  const { default: wrtc } = await import('@roamhq/wrtc');
  // livekit-server-sdk is the server's dependency: tokens minted as the app mints them.
  const fromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
  const { AccessToken } = await import(pathToFileURL(fromServer.resolve('livekit-server-sdk')).href);
  const server = await startServer();
  // The process before any stream: the app, its embedded database and the idle SFU worker.
  const idle = await server.stats();
  const token = (identity, grants) => {
    const at = new AccessToken(server.apiKey, server.apiSecret, { identity, ttl: '1h' });
    at.addGrant({ room: ROOM, roomJoin: true, canPublish: false, canSubscribe: false, ...grants });
    return at.toJwt();
  };
  const runs = [];
  let publisher;
  try {
    publisher = await publish(wrtc, server, await token('broadcaster', { canPublish: true }));
    for (const count of viewerCounts) {
      console.log(`[streams] ${count} viewer(s): connecting ...`);
      const viewers = [];
      for (let i = 0; i < count; i += 5) {
        const batch = Array.from({ length: Math.min(5, count - i) }, async (_, k) =>
          watch(wrtc, server, await token(`viewer-${i + k}`, { canSubscribe: true }), publisher.sent),
        );
        viewers.push(...(await Promise.all(batch)));
      }
      await until(`${count} viewers decoding`, () => viewers.every((v) => v.frames > 0), 60_000);
      console.log(`[streams] ${count} viewer(s): measuring ${seconds} s ...`);
      for (const v of viewers) v.reset();
      const start = await server.stats();
      await publisher.sending();
      const ownCpu = process.cpuUsage();
      const probe = probeHealth(server.healthUrl, seconds * 1000);
      const since = performance.now();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      const elapsed = (performance.now() - since) / 1000;
      const stats = await server.stats();
      const own = process.cpuUsage(ownCpu);
      const sending = await publisher.sending();
      const health = await probe;
      const fps = viewers.map((v) => v.frames / elapsed).sort((a, b) => a - b);
      const latencies = viewers.flatMap((v) => v.latencies).sort((a, b) => a - b);
      const run = {
        viewers: count,
        publisherKbps: Math.round(sending.kbps),
        publisherEstimateKbps: sending.estimateKbps,
        publisherFrame: `${sending.width}×${sending.height}`,
        workerCpuPercent:
          stats.worker.threadCpuSeconds === null
            ? null
            : round(((stats.worker.threadCpuSeconds - start.worker.threadCpuSeconds) / elapsed) * 100),
        workerBusyPercent: round(stats.worker.eventLoopUtilization * 100),
        processCpuPercent: round(stats.processCpuShare * 100),
        peersCpuPercent: round(((own.user + own.system) / 1e6 / elapsed) * 100),
        rssMb: round(stats.rss / 2 ** 20),
        workerHeapMb: round(stats.worker.heapUsed / 2 ** 20),
        sfuViewers: stats.worker.viewers,
        fpsMin: round(fps[0]),
        fpsMedian: round(quantile(fps, 0.5)),
        latencyP50: round(quantile(latencies, 0.5)),
        latencyP99: round(quantile(latencies, 0.99)),
        latencySamples: latencies.length,
        unreadFrames: viewers.reduce((sum, v) => sum + v.unread, 0),
        health,
        loadAverage: round(os.loadavg()[0]),
      };
      runs.push(run);
      console.log(`[streams] ${JSON.stringify(run)}`);
      await Promise.all(viewers.map((v) => v.close()));
    }
  } finally {
    await publisher?.close();
    await server.stop();
  }
  return {
    viewerCounts,
    seconds,
    width: WIDTH,
    height: HEIGHT,
    fps: FPS,
    idleRssMb: round(idle.rss / 2 ** 20),
    runs,
  };
}

/** The server process (bench/streams-server.mjs, from the sources through tsx). */
async function startServer() {
  const port = await findFreePort();
  const child = fork(path.join(ROOT, 'bench', 'streams-server.mjs'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the streams bench server exited (code ${code})`)));
  });
  const stats = () =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send({ type: 'stats' });
    });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { ...ready, stats, stop };
}

/** Offers with all candidates gathered (the routes are non-trickle), POSTs, applies the answer. */
async function signal(pc, url, bearer) {
  await pc.setLocalDescription(await pc.createOffer());
  await until('ICE gathering', () => pc.iceGatheringState === 'complete', 10_000);
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/sdp' },
    body: pc.localDescription.sdp,
  });
  if (response.status !== 201) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
  return { location: new URL(response.headers.get('location'), url).href };
}

/** The broadcaster: 30 frames a second, each with its counter in the top rows; keeps send times. */
async function publish(wrtc, server, bearer) {
  const pc = new wrtc.RTCPeerConnection();
  const source = new wrtc.nonstandard.RTCVideoSource();
  pc.addTransceiver(source.createTrack(), { direction: 'sendonly' });
  const sent = new Map();
  let counter = 0;
  const timer = setInterval(() => {
    counter = (counter + 1) % 2 ** BITS;
    // A fresh picture each time: the source must never see a frame change after handing it over.
    const data = new Uint8Array(WIDTH * HEIGHT * 1.5);
    data.fill(128, WIDTH * HEIGHT);
    // A moving gradient below the bar code, so the encoder has real work.
    for (let y = BAR_ROWS; y < HEIGHT; y += 1) {
      data.fill((y + counter * 4) & 0xff, y * WIDTH, (y + 1) * WIDTH);
    }
    // The counter in the upper band, its complement in the lower one: a misread is caught.
    const block = WIDTH / BITS;
    for (let bit = 0; bit < BITS; bit += 1) {
      const one = (counter >> bit) & 1;
      for (let y = 0; y < BAR_ROWS; y += 1) {
        const value = (y < BAR_ROWS / 2 ? one : 1 - one) ? 235 : 16;
        data.fill(value, y * WIDTH + bit * block, y * WIDTH + (bit + 1) * block);
      }
    }
    sent.set(counter, performance.now());
    sent.delete((counter - FPS * 10 + 2 ** BITS) % 2 ** BITS);
    source.onFrame({ width: WIDTH, height: HEIGHT, data });
  }, 1000 / FPS);
  const { location } = await signal(pc, `${server.mediaUrl}/${ROOM}/streams/${STREAM_ID}/publish`, bearer);
  /** The encoder's output since the last call: bitrate and frame size (outbound-rtp statistics). */
  let last = { bytes: 0, at: performance.now() };
  const sending = async () => {
    const report = await pc.getStats();
    let outbound;
    let estimate;
    report.forEach((entry) => {
      if (entry.type === 'outbound-rtp' && entry.kind === 'video') outbound = entry;
      if (entry.type === 'candidate-pair' && entry.nominated) estimate = entry.availableOutgoingBitrate;
    });
    const now = performance.now();
    const bytes = outbound?.bytesSent ?? 0;
    const kbps = ((bytes - last.bytes) * 8) / (now - last.at);
    last = { bytes, at: now };
    return {
      kbps,
      estimateKbps: estimate === undefined ? null : Math.round(estimate / 1000),
      width: outbound?.frameWidth,
      height: outbound?.frameHeight,
    };
  };
  return {
    sent,
    sending,
    async close() {
      clearInterval(timer);
      await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${bearer}` } }).catch(
        () => null,
      );
      pc.close();
    },
  };
}

/** A viewer: counts decoded frames and reads each frame's counter back for its latency. */
async function watch(wrtc, server, bearer, sent) {
  const pc = new wrtc.RTCPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  const viewer = {
    frames: 0,
    unread: 0,
    latencies: [],
    reset() {
      this.frames = 0;
      this.unread = 0;
      this.latencies = [];
    },
  };
  let sink;
  pc.ontrack = ({ track }) => {
    sink = new wrtc.nonstandard.RTCVideoSink(track);
    sink.onframe = ({ frame }) => {
      const now = performance.now();
      viewer.frames += 1;
      const counter = readCounter(frame);
      const at = sent.get(counter);
      if (at === undefined) viewer.unread += 1;
      else viewer.latencies.push(now - at);
    };
  };
  const { location } = await signal(pc, `${server.mediaUrl}/${ROOM}/streams/${STREAM_ID}/watch`, bearer);
  viewer.close = async () => {
    sink?.stop();
    await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${bearer}` } }).catch(
      () => null,
    );
    pc.close();
  };
  return viewer;
}

/** The counter in the top rows (the encoder may have scaled the picture: positions are relative). */
function readCounter({ width, height, data }) {
  const band = (rowInSource) => {
    const row = Math.floor((rowInSource * height) / HEIGHT);
    let value = 0;
    for (let bit = 0; bit < BITS; bit += 1) {
      const x = Math.floor(((bit + 0.5) * width) / BITS);
      if (data[row * width + x] > 128) value |= 1 << bit;
    }
    return value;
  };
  const counter = band(BAR_ROWS / 4);
  const complement = band((BAR_ROWS * 3) / 4);
  return (counter ^ complement) === 2 ** BITS - 1 ? counter : -1;
}

/** GET /api/health every 50 ms from a process of its own (its timings are not this process's load). */
function probeHealth(url, durationMs) {
  const code = `
    const times = [];
    const end = Date.now() + ${durationMs};
    (async () => {
      while (Date.now() < end) {
        const start = performance.now();
        const response = await fetch(${JSON.stringify(url)});
        await response.arrayBuffer();
        times.push(response.ok ? performance.now() - start : Infinity);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      process.stdout.write(JSON.stringify(times));
    })();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (exitCode) => {
      if (exitCode !== 0) return reject(new Error(`the health probe failed (exit code ${exitCode})`));
      // The first two requests open the connection in a process just started: not the server's time.
      const times = JSON.parse(out)
        .slice(2)
        .sort((a, b) => a - b);
      resolve({
        count: times.length,
        p50: round(quantile(times, 0.5)),
        p99: round(quantile(times, 0.99)),
        max: round(times.at(-1)),
      });
    });
  });
}

async function until(what, check, timeoutMs) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function round(value) {
  return Number.isFinite(value) ? Math.round(value * 10) / 10 : value;
}

/** A text table of the runs. */
export function formatStreamsTable({ runs }) {
  const header = [
    'viewers',
    'SFU thread CPU (busy)',
    'server CPU',
    'peers CPU',
    'RSS',
    'fps min/median',
    'latency p50/p99',
    'health p50/p99/max',
  ];
  const lines = runs.map((r) => [
    String(r.viewers),
    `${r.workerCpuPercent} % (${r.workerBusyPercent} %)`,
    `${r.processCpuPercent} %`,
    `${r.peersCpuPercent} %`,
    `${r.rssMb} MB`,
    `${r.fpsMin} / ${r.fpsMedian}`,
    `${r.latencyP50} / ${r.latencyP99} ms`,
    `${r.health.p50} / ${r.health.p99} / ${r.health.max} ms`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  return [header, ...lines]
    .map((line) => line.map((cell, i) => cell.padEnd(widths[i])).join('  '))
    .join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const viewerCounts = option('viewers', '1,10,25,50').split(',').map(Number);
  const seconds = Number(option('seconds', '15'));
  benchStreams({ viewerCounts, seconds })
    .then((results) => {
      console.log(`\n${formatStreamsTable(results)}`);
      console.log(
        `(server RSS before streaming: ${results.idleRssMb} MB; load average at the end: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
      );
      saveResults({
        root: ROOT,
        results,
        replaceSection: replaceStreamsSection,
        label: 'streams',
        section: 'live streams',
      });
      process.exit(0);
    })
    .catch((error) => {
      console.error(`[streams] ${error.stack ?? error.message}`);
      process.exit(1);
    });
}
