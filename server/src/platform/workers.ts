import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';

/** A worker that dies sooner than this after its start counts as failing: the next start waits longer. */
const steadyMs = 30_000;
const firstBackOffMs = 500;
const maxBackOffMs = 30_000;

/** Whether this process is a worker forked by `runPrimary` (WORKERS > 1). */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/**
 * WORKERS > 1: this process forks that many copies of itself which each serve on the same port
 * (Node's cluster hands them the one listening socket), and supervises them — a worker that dies
 * is started again after a back-off, and SIGTERM/SIGINT is passed on, the primary exiting once
 * every worker has finished its in-flight requests (SHUTDOWN_GRACE_MS). The workers share
 * realtime through the Redis adapter and the outbox through SKIP LOCKED (DESIGN.md §1).
 * Calls `onListening` with the port once the first N workers listen.
 */
export function runPrimary(
  config: Config,
  logger: Logger,
  onListening: (address: { host: string; port: number }) => void,
): void {
  if (config.streams.provider === 'embedded') {
    logger.warn(
      { workers: config.workers },
      'STREAMS_PROVIDER=embedded with WORKERS > 1: each process runs its own media server, so a broadcaster and a viewer may land on different processes and not see each other; use STREAMS_PROVIDER=livekit with several processes (docs/DEPLOY.md)',
    );
  }
  let stopping = false;
  let stoppedCleanly = true;
  let failures = 0;
  let waitingToListen = config.workers;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.once('listening', (address) => {
      waitingToListen--;
      if (waitingToListen === 0) onListening({ host: config.host, port: address.port });
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      // A worker still starting has no SIGTERM handler yet and nothing in flight: the signal ends it.
      if (code !== 0 && signal !== 'SIGTERM') {
        stoppedCleanly = false;
        logger.error({ worker: worker.process.pid, code, signal }, 'worker stopped with an error');
      }
      if (startedAt.size === 0) {
        logger.info('stopped');
        process.exit(stoppedCleanly ? 0 : 1);
      }
      return;
    }
    failures = lived >= steadyMs ? 0 : failures + 1;
    const delayMs = failures === 0 ? 0 : Math.min(maxBackOffMs, firstBackOffMs * 2 ** (failures - 1));
    logger.error(
      { worker: worker.process.pid, code, signal, restartInMs: delayMs },
      'worker died; restarting it',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      { signal, workers: startedAt.size },
      'shutting down: workers finish their in-flight requests',
    );
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    // Each worker exits by itself within SHUTDOWN_GRACE_MS; this only catches one that hangs.
    const force = setTimeout(() => {
      logger.error('workers took too long to stop; killing them');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownGraceMs + 5_000);
    force.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < config.workers; i++) fork();
}
