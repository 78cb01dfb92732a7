/**
 * The main thread's handle on the SFU worker (sfu.worker.ts): starts it on the first media
 * request, turns requests into messages and the worker's replies back into promises, and passes
 * on its "broadcaster gone" notices. From the sources (tests, tsx) it runs sfu.worker.ts through
 * tsx; from the built server, sfu.worker.js next to the bundle (scripts/lib/server-build.mjs
 * emits it as an entry of its own).
 */
import { existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  MainToWorker,
  SfuAnswer,
  SfuRefusal,
  SfuReply,
  SfuRequest,
  SfuSettings,
  SfuShutdown,
  SfuStats,
  WorkerToMain,
} from './protocol.ts';

/** A request the worker refused, for the routes to answer (never a 500). */
export class SfuRefused extends Error {
  constructor(readonly refusal: SfuRefusal) {
    super(`the SFU refused: ${refusal.error}`);
  }
}

interface Pending {
  resolve: (reply: SfuReply) => void;
  reject: (error: Error) => void;
}

/** Where the worker's code is: the TypeScript source beside this file, or the bundle's sfu.worker.js. */
function startWorker(): Worker {
  if (import.meta.url.endsWith('.ts')) return new Worker(bundledFromSources(), { name: 'convene-sfu' });
  const built = new URL('./sfu.worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(built)))
    throw new Error(`the SFU worker is missing: ${fileURLToPath(built)}`);
  return new Worker(built, { name: 'convene-sfu' });
}

/**
 * Running from the TypeScript sources (tests, `npm run dev`): Node 20 applies no loader hooks
 * (tsx) in worker threads, so the worker's source is bundled with esbuild (a dev dependency,
 * as the server build uses) into node_modules/.cache, where its packages resolve.
 */
function bundledFromSources(): URL {
  const require = createRequire(import.meta.url);
  const root = fileURLToPath(new URL('../../../../../', import.meta.url));
  const outfile = path.join(root, 'node_modules', '.cache', 'convene-sfu', 'sfu.worker.mjs');
  // Written aside and renamed into place: parallel test processes may bundle at once.
  const temporary = `${outfile}.${process.pid}.tmp`;
  const { buildSync } = require('esbuild') as typeof import('esbuild');
  buildSync({
    entryPoints: [fileURLToPath(new URL('./sfu.worker.ts', import.meta.url))],
    outfile: temporary,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.11',
    packages: 'external',
    logLevel: 'warning',
  });
  renameSync(temporary, outfile);
  return pathToFileURL(outfile);
}

/** How long close() lets the worker close its peer connections before terminating it. */
const SHUTDOWN_WAIT_MS = 3000;

export class SfuClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly goneListeners: ((room: string, streamId: string) => void)[] = [];
  /** Streams with a broadcaster session in the worker, so a crash can still end them. */
  private readonly published = new Map<string, { room: string; streamId: string }>();
  private closed = false;

  constructor(
    private readonly settings: SfuSettings,
    private readonly onError: (error: Error) => void,
  ) {}

  onPublisherGone(listener: (room: string, streamId: string) => void): void {
    this.goneListeners.push(listener);
  }

  get started(): boolean {
    return this.worker !== undefined;
  }

  async publish(room: string, streamId: string, identity: string, sdp: string): Promise<SfuAnswer> {
    const answer = (await this.call({ type: 'publish', room, streamId, identity, sdp })) as SfuAnswer;
    this.published.set(`${room}\n${streamId}`, { room, streamId });
    return answer;
  }

  async watch(room: string, streamId: string, identity: string, sdp: string): Promise<SfuAnswer> {
    return (await this.call({ type: 'watch', room, streamId, identity, sdp })) as SfuAnswer;
  }

  async deleteSession(sessionId: string, room: string, identity: string): Promise<void> {
    await this.call({ type: 'delete', sessionId, room, identity });
  }

  /** Nothing to end when the worker never started (no media request yet). */
  async endStream(room: string, streamId: string): Promise<void> {
    this.published.delete(`${room}\n${streamId}`);
    if (this.worker) await this.call({ type: 'endStream', room, streamId });
  }

  async removeParticipant(room: string, identity: string): Promise<void> {
    if (this.worker) await this.call({ type: 'removeParticipant', room, identity });
  }

  async stats(): Promise<SfuStats> {
    return (await this.call({ type: 'stats' })) as SfuStats;
  }

  /** Stops the worker, its peer connections closed first; answers how many it closed. */
  async close(): Promise<SfuShutdown> {
    const worker = this.worker;
    // The worker closes its peer connections first: terminating it with a UDP socket still
    // receiving aborts the process on Node 20. Bounded, so a stuck worker cannot hold up a stop.
    let done: SfuShutdown = { peersClosed: 0 };
    if (worker) {
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        this.call({ type: 'shutdown' }).catch(() => null),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), SHUTDOWN_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (waited) done = waited as SfuShutdown;
    }
    this.closed = true;
    this.worker = undefined;
    if (worker) await worker.terminate();
    this.failPending(new Error('the SFU was closed'));
    // The broadcasters this process carried are gone with it: the records end their streams
    // now (the database is still open) rather than showing them live after a restart.
    const lost = [...this.published.values()];
    this.published.clear();
    await Promise.all(lost.map(({ room, streamId }) => this.tellGone(room, streamId)));
    return done;
  }

  private async call(request: SfuRequest): Promise<SfuAnswer | SfuStats | SfuShutdown | null> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const reply = await new Promise<SfuReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'request', id, request } satisfies MainToWorker);
    });
    if (!reply.ok) throw new SfuRefused(reply.refusal);
    return reply.value;
  }

  private ensureWorker(): Worker {
    if (this.closed) throw new Error('the SFU was closed');
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.postMessage({ type: 'init', settings: this.settings } satisfies MainToWorker);
    worker.on('message', (message: WorkerToMain) => this.receive(message));
    worker.on('error', (error) => this.onError(error));
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      // A crashed worker took every session with it: the next request starts a new one, and
      // the streams it carried have lost their broadcasters.
      this.worker = undefined;
      this.failPending(new Error(`the SFU worker exited (code ${code})`));
      const lost = [...this.published.values()];
      this.published.clear();
      for (const { room, streamId } of lost) void this.tellGone(room, streamId);
    });
    this.worker = worker;
    return worker;
  }

  private receive(message: WorkerToMain): void {
    if (message.type === 'publisherGone') {
      this.published.delete(`${message.room}\n${message.streamId}`);
      void this.tellGone(message.room, message.streamId);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.type === 'reply') pending.resolve(message.reply);
    else pending.reject(new Error(message.message));
  }

  /** Tells every listener; settles when their work has (close() waits for it). */
  private tellGone(room: string, streamId: string): Promise<void> {
    const fail = (error: unknown) => this.onError(error instanceof Error ? error : new Error(String(error)));
    const told: Promise<unknown>[] = [];
    for (const listener of this.goneListeners) {
      try {
        // The records' listener is async (it ends the stream in the database): its failure is
        // logged, never an unhandled rejection.
        told.push(Promise.resolve(listener(room, streamId) as unknown).catch(fail));
      } catch (error) {
        fail(error);
      }
    }
    return Promise.all(told).then(() => undefined);
  }

  private failPending(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
