import net from 'node:net';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { outbox, pushDevices } from '../db/schema/index.ts';
import { notify } from '../modules/notifications/notifications.service.ts';
import { checkPushTarget, isPublicAddress, pinnedLookup } from './pushTarget.ts';

const open = { allowedHosts: [], allowPrivateNetworks: false };
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

describe('push endpoint check (server-side request forgery through Web Push)', () => {
  it('tells public addresses from loopback, private, link-local, CGNAT, ULA, multicast and mapped ones', () => {
    for (const address of ['8.8.8.8', '142.250.74.46', '2a00:1450:4001:82b::200a']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.9.9.9',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      'not an ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('checks every resolved address, the host allowlist, and answers the address to connect to', async () => {
    const resolveTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address, family: net.isIP(address) }));
    const good = await checkPushTarget('https://push.example.com/x', open, resolveTo('142.250.74.46'));
    expect(good).toMatchObject({ ok: true, address: '142.250.74.46', family: 4 });
    expect(
      await checkPushTarget('https://push.example.com/x', open, resolveTo('142.250.74.46', '10.0.0.1')),
    ).toEqual({ ok: false, reason: 'address not public' });
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await checkPushTarget('https://nowhere.example/x', open, failing)).toMatchObject({ ok: false });
    // The tests' switch: no address check and no DNS (e2e's stand-in host does not resolve),
    // but still https only.
    const testing = { allowedHosts: [], allowPrivateNetworks: true };
    expect(await checkPushTarget('https://push.example.test/x', testing, failing)).toMatchObject({
      ok: true,
    });
    expect(await checkPushTarget('https://127.0.0.1:8443/x', testing, failing)).toMatchObject({ ok: true });
    expect(await checkPushTarget('http://127.0.0.1:8443/x', testing, failing)).toMatchObject({ ok: false });
    const allow = {
      allowedHosts: ['fcm.googleapis.com', '.push.services.mozilla.com'],
      allowPrivateNetworks: false,
    };
    const resolve = resolveTo('142.250.74.46');
    expect(await checkPushTarget('https://fcm.googleapis.com/fcm/send/x', allow, resolve)).toMatchObject({
      ok: true,
    });
    expect(
      await checkPushTarget('https://updates.push.services.mozilla.com/x', allow, resolve),
    ).toMatchObject({
      ok: true,
    });
    expect(await checkPushTarget('https://evil.example/x', allow, resolve)).toEqual({
      ok: false,
      reason: 'host not allowed',
    });
    expect(await checkPushTarget('https://user:pw@push.example.com/x', open, resolve)).toMatchObject({
      ok: false,
    });
  });

  it('pins the connection to the checked address', async () => {
    const lookup = pinnedLookup('142.250.74.46', 4);
    const one = await new Promise((resolve) =>
      lookup('push.example.com', {}, (_error, address, family) => resolve({ address, family })),
    );
    expect(one).toEqual({ address: '142.250.74.46', family: 4 });
  });
});

describe('push endpoints on a server without the test escape hatch', () => {
  let app: TestApp;
  let token: string;
  let userId: string;
  let trap: net.Server;
  let trapPort: number;
  let connections = 0;
  beforeAll(async () => {
    trap = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    trapPort = (trap.address() as net.AddressInfo).port;
    app = await createTestApp('pglite');
    const user = await app.register();
    token = user.loginToken;
    userId = user.userId;
  });
  afterAll(async () => {
    await app.stop();
    await new Promise((resolve) => trap.close(resolve));
  });

  const register = (endpoint: string) =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { logintoken: token },
      payload: { deviceToken: { endpoint, keys } },
    });

  it('refuses loopback, private, metadata, IPv6 loopback, http and a name resolving to loopback at register', async () => {
    for (const endpoint of [
      `https://127.0.0.1:${trapPort}/push`,
      'https://10.1.2.3/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://100.64.0.1/push',
      'https://[fd00::1]/push',
      'http://8.8.8.8/push',
      `https://localhost:${trapPort}/push`,
    ]) {
      const response = await register(endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().field, endpoint).toBe('deviceToken.endpoint');
    }
    expect(await app.database.db.$count(pushDevices)).toBe(0);
    expect(connections).toBe(0);
  });

  it('accepts an https endpoint on a public address', async () => {
    expect((await register('https://8.8.8.8/push/public')).statusCode).toBe(204);
    await app.database.db.delete(pushDevices);
  });

  it('refuses at send time a stored private endpoint: no connection, no retry, the row removed', async () => {
    // Ids by position: both addresses are as long, so an id built from the length and the clock
    // collided whenever both rows were written within the same millisecond.
    const endpoints = [`https://127.0.0.1:${trapPort}/push`, `https://localhost:${trapPort}/push`];
    for (const [index, endpoint] of endpoints.entries()) {
      await app.database.db
        .insert(pushDevices)
        .values({ id: `private-device-${index}`, accountId: userId, endpoint, ...keys });
    }
    const actor = await app.register();
    await app.database.db.transaction((tx) =>
      notify(tx, [userId], 'calendarChanged', { actorId: actor.userId }),
    );
    expect(await app.database.db.$count(outbox, isNull(outbox.doneAt))).toBeGreaterThan(0);
    await app.ctx.outbox.drain();
    expect(connections).toBe(0);
    expect(await app.database.db.select().from(pushDevices).where(eq(pushDevices.accountId, userId))).toEqual(
      [],
    );
    expect(await app.database.db.$count(outbox, isNull(outbox.doneAt))).toBe(0);
  });
});
