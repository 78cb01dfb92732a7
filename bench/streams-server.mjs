// The server side of bench/streams.mjs, in a process of its own (run with `--import tsx`, from
// the sources): the real app (embedded database in a throw-away data dir) for /api/health, and in
// the same process, so on the same main thread, the embedded media plane's signalling routes
// with its SFU worker. Every stream is allowed (the bench measures media, not the records).
// Talks to its parent over IPC: `ready` with the ports and the token keys, then answers `stats`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

const dataDir = mkdtempSync(path.join(tmpdir(), 'convene-bench-streams-'));
process.env.CONVENE_DATA_DIR = dataDir;
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = 'warn';
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

const { loadConfig } = await import('../server/src/config.ts');
const { openDatabase } = await import('../server/src/db/connect.ts');
const { createLogger } = await import('../server/src/platform/logger.ts');
const { registerErrorHandling } = await import('../server/src/platform/http.ts');
const { buildApp } = await import('../server/src/app.ts');
const { createEmbeddedProvider } = await import('../server/src/modules/streams/media/index.ts');

const config = loadConfig();
const logger = createLogger('warn');
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
await database.migrate();
const app = await buildApp({ config, database, logger });
await app.fastify.listen({ port: config.port, host: '127.0.0.1' });

const apiKey = 'bench-key';
const apiSecret = 'bench-secret-bench-secret-bench-secret';
const allow = async () => 'ok';
const provider = createEmbeddedProvider({
  config: { ...config.streams, maxViewers: 1000 },
  publicUrl: 'http://127.0.0.1',
  apiKey,
  apiSecret,
  gate: { mayPublish: allow, mayWatch: allow },
  logger,
  loopback: true,
});
const media = Fastify({ bodyLimit: 1024 * 1024 });
// As the app does: route schemas are zod.
media.setValidatorCompiler(validatorCompiler);
media.setSerializerCompiler(serializerCompiler);
registerErrorHandling(media);
provider.registerRoutes(media);
await media.listen({ port: 0, host: '127.0.0.1' });

let lastCpu = process.cpuUsage();
let lastAt = performance.now();
process.on('message', async (message) => {
  if (message.type === 'stats') {
    const worker = await provider.stats();
    const cpu = process.cpuUsage(lastCpu);
    const now = performance.now();
    const elapsedMs = now - lastAt;
    lastCpu = process.cpuUsage();
    lastAt = now;
    process.send({
      type: 'stats',
      worker,
      processCpuShare: (cpu.user + cpu.system) / 1000 / elapsedMs,
      rss: process.memoryUsage().rss,
    });
  } else if (message.type === 'stop') {
    await provider.close();
    await media.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});

process.send({
  type: 'ready',
  healthUrl: `http://127.0.0.1:${app.fastify.server.address().port}/api/health`,
  mediaUrl: `http://127.0.0.1:${media.server.address().port}/api/streams/media`,
  apiKey,
  apiSecret,
});
