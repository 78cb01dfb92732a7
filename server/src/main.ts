import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { createLogger } from './platform/logger.ts';

/** CLI entry: `serve` (default) migrates and serves; `migrate` only migrates. */
async function main(command: string): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
  await database.migrate();
  if (command === 'migrate') {
    logger.info({ database: database.kind }, 'migrations applied');
    await database.close();
    return;
  }
  if (command !== 'serve') throw new Error(`Unknown command ${command}; use serve or migrate`);
  const app = await buildApp({ config, database, logger });
  await app.fastify.listen({ port: config.port, host: config.host });
  const address = app.fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(`Convene is running at http://${shownHost}:${port} (database: ${database.kind})`);

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

main(process.argv[2] ?? 'serve').catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
