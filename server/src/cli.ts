import type { Logger } from 'pino';
import { loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/connect.ts';
import { createLogger } from './platform/logger.ts';
import { createPrettyDestination, resolveLogFormat } from './platform/prettyLog.ts';
import { installProcessGuard } from './platform/processGuard.ts';

/**
 * The command line (main.ts runs it): `serve` (default) migrates and serves (WORKERS > 1: in that
 * many forked processes); `migrate` only migrates. `pgliteWasm` is the embedded database's
 * WebAssembly, compiling since the process began.
 */
export async function runCommand(command: string, pgliteWasm?: Promise<WebAssembly.Module>): Promise<void> {
  const config = loadConfig();
  const format = resolveLogFormat(config.logFormat, process.stdout.isTTY === true);
  const logger = createLogger(
    config.logLevel,
    format === 'pretty' ? createPrettyDestination((text) => process.stdout.write(text)) : undefined,
  );
  // The database opens (PGlite compiles its WebAssembly off the main thread) while the app's
  // modules load: the app is imported only when serving.
  const phase = config.debugStart ? startPhaseLogger(logger) : () => undefined;
  phase('config');
  // WORKERS > 1: the primary only migrates and supervises; its forked workers serve (and find
  // nothing left to migrate). With one worker the cluster module is never loaded.
  const workers =
    command === 'serve' && config.workers > 1 ? await import('./platform/workers.ts') : undefined;
  const primary = workers !== undefined && !workers.isClusterWorker();
  const opening = openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db`, pgliteWasm });
  const loadingApp = command === 'serve' && !primary ? import('./app.ts') : undefined;
  loadingApp?.catch(() => undefined);
  const database = await opening;
  phase('database open');
  await database.migrate();
  phase('migrations checked');
  if (command === 'migrate') {
    logger.info({ database: database.kind }, 'migrations applied');
    await database.close();
    return;
  }
  if (primary) {
    await database.close();
    workers.runPrimary(config, logger, ({ host, port }) => {
      const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      console.log(
        `Convene is running at http://${shownHost}:${port} (database: ${database.kind}, ${config.workers} workers)`,
      );
    });
    return;
  }
  if (!loadingApp) throw new Error(`Unknown command ${command}; use serve or migrate`);
  installProcessGuard(logger);
  const { buildApp } = await loadingApp;
  phase('app modules loaded');
  const app = await buildApp({ config, database, logger });
  phase('app built');
  await app.fastify.listen({ port: config.port, host: config.host });
  phase('listening');
  const address = app.fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  // Under WORKERS > 1 the primary announces the address once, when every worker listens.
  if (!workers) console.log(`Convene is running at http://${shownHost}:${port} (database: ${database.kind})`);
  if (config.debugMemoryMs > 0) logMemory(logger, database, config.debugMemoryMs);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/**
 * DEBUG_START=1: a function that logs a start phase with the wall and CPU milliseconds since the
 * process began (CPU of every thread, so PGlite's work off the main thread counts too).
 */
function startPhaseLogger(logger: Logger): (name: string) => void {
  return (name) => {
    const { user, system } = process.cpuUsage();
    const wallMs = Math.round(performance.now());
    logger.info({ phase: name, wallMs, cpuMs: Math.round((user + system) / 1000) }, 'start phase');
  };
}

/** Logs the process's memory use every `everyMs` (DEBUG_MEMORY_MS): where the RSS goes. */
function logMemory(logger: Logger, database: Database, everyMs: number): void {
  const timer = setInterval(() => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const wasm = database.wasmMemoryBytes?.() ?? 0;
    logger.info({ memory: { rss, heapTotal, heapUsed, external, arrayBuffers, wasm } }, 'memory');
  }, everyMs);
  timer.unref();
}
