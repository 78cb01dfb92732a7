import type { Logger } from 'pino';

/**
 * Keeps the server serving when an error escapes every handler: an uncaught exception or an
 * unhandled rejection is logged (through the redacting logger, so tokens never reach the log)
 * instead of ending the process. Route errors are handled by Fastify; this is the last net for
 * library callbacks (Socket.IO, timers) that a client's request could otherwise crash.
 */
export function installProcessGuard(logger: Logger, target: NodeJS.Process = process): () => void {
  const onException = (error: unknown) => {
    logger.error({ err: error }, 'uncaught exception; still serving');
  };
  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled rejection; still serving');
  };
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
