import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../test/harness.ts';
import { type App, buildApp } from '../app.ts';
import { type Database, openDatabase } from './connect.ts';

/**
 * A TCP relay in front of PostgreSQL that can be cut and restored: to the server's pool it looks
 * like PostgreSQL going away (every connection reset, new ones refused) and coming back on the
 * same port, without stopping the shared test server.
 */
class CuttableRelay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  }
}

const token = 'outage-test-login-token-000000000000000000';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the API while PostgreSQL is unreachable', () => {
  let fresh: Awaited<ReturnType<typeof openTestDatabase>>;
  let relay: CuttableRelay;
  let database: Database;
  let app: App;
  let dataDir: string;

  beforeAll(async () => {
    fresh = await openTestDatabase('postgres');
    const url = new URL(fresh.url ?? '');
    relay = new CuttableRelay(url.hostname, Number(url.port || 5432));
    await relay.open();
    await fresh.database.db.execute(
      sql`insert into accounts (id, name, email, status) values ('outage-user', 'Outage', 'outage@example.com', 'active')`,
    );
    await fresh.database.db.execute(
      sql`insert into sessions (id, account_id, token_hash) values ('outage-session', 'outage-user', ${createHash('sha256').update(token).digest('hex')})`,
    );
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    database = await openDatabase({ url: url.toString() });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'convene-outage-'));
    const config = testConfig(dataDir);
    // The outbox runs, as in a server: its loops must outlive the outage too.
    app = await buildApp({ config, database, startOutbox: true });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fresh?.database.close();
    await fresh?.drop();
    await relay?.cut();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const getAccount = () =>
    app.fastify.inject({ method: 'GET', url: '/api/account', headers: { loginToken: token } });

  it('answers 503 with Retry-After (not 500) while it is gone, and serves again once it is back', async () => {
    expect((await getAccount()).statusCode).toBe(200);

    await relay.cut();
    for (const request of [
      getAccount,
      () => app.fastify.inject({ method: 'GET', url: '/api/health' }),
      () =>
        app.fastify.inject({
          method: 'POST',
          url: '/api/calendar',
          headers: { loginToken: token },
          payload: { name: 'During the outage' },
        }),
    ]) {
      const response = await request();
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    }
    // Kicking the outbox while the database is gone fails its drain; the loop must go on.
    app.ctx.outbox.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));

    await relay.open();
    const back = await getAccount();
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ email: 'outage@example.com' });
    const health = await app.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
