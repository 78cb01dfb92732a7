import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has safe defaults: embedded database in ./data, port 3000 on loopback, ALTCHA', () => {
    const config = loadConfig({}, '/srv/convene');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/convene/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      recaptcha: undefined,
      classicAppUrl: undefined,
      mediaStore: 'local',
    });
    expect(path.isAbsolute(config.webDist)).toBe(true);
  });

  it('reads overrides and treats blank values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/convene',
      REDIS_URL: ' ',
      PUBLIC_URL: 'https://convene.example.org/',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET: 'secret',
      CLASSIC_APP_URL: 'https://classic.example.org/',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/convene',
      redisUrl: undefined,
      publicUrl: 'https://convene.example.org',
      recaptcha: { siteKey: 'site', secret: 'secret' },
      classicAppUrl: 'https://classic.example.org',
    });
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).publicUrl).toBe('http://127.0.0.1:4000');
  });

  it('trusts no proxy unless told, and reads the auth form budget', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1)]).toEqual([true, false]);
    expect(loadConfig({}).authFormRateLimit).toBe(30);
    expect(loadConfig({ AUTH_FORM_RATE_LIMIT: '500' }).authFormRateLimit).toBe(500);
  });

  it('logs the start phases only when DEBUG_START is 1, and names it when it is anything else', () => {
    expect(loadConfig({}).debugStart).toBe(false);
    expect(loadConfig({ DEBUG_START: '0' }).debugStart).toBe(false);
    expect(loadConfig({ DEBUG_START: '1' }).debugStart).toBe(true);
    expect(() => loadConfig({ DEBUG_START: 'yes' })).toThrow(/DEBUG_START/);
  });

  it('runs one process unless WORKERS says more, which needs PostgreSQL and Redis', () => {
    expect(loadConfig({}).workers).toBe(1);
    const both = { DATABASE_URL: 'postgres://db/convene', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig({ ...both, WORKERS: '4' }).workers).toBe(4);
    expect(() => loadConfig({ WORKERS: '2', REDIS_URL: both.REDIS_URL })).toThrow(
      /^Invalid configuration WORKERS: .*DATABASE_URL/,
    );
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: both.DATABASE_URL })).toThrow(
      /^Invalid configuration WORKERS: .*REDIS_URL/,
    );
    expect(() => loadConfig({ ...both, WORKERS: '0' })).toThrow(/^Invalid configuration WORKERS/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE/);
  });
});

describe('MAP_LINK_URL', () => {
  it('defaults to an OpenStreetMap search and accepts another http(s) template with {query}', () => {
    expect(loadConfig({}).mapLinkUrl).toBe('https://www.openstreetmap.org/search?query={query}');
    expect(loadConfig({ MAP_LINK_URL: 'https://maps.example.org/?q={query}' }).mapLinkUrl).toBe(
      'https://maps.example.org/?q={query}',
    );
  });

  it('refuses a template without {query} or with another scheme, naming the variable', () => {
    expect(() => loadConfig({ MAP_LINK_URL: 'https://maps.example.org/' })).toThrow(/MAP_LINK_URL/);
    expect(() => loadConfig({ MAP_LINK_URL: 'javascript:alert({query})' })).toThrow(/MAP_LINK_URL/);
  });

  describe('streams', () => {
    it('defaults to the embedded provider, 50 viewers, any port, no ICE servers', () => {
      expect(loadConfig({}).streams).toEqual({
        provider: 'embedded',
        livekit: undefined,
        maxViewers: 50,
        udpPorts: undefined,
        publicIp: undefined,
        iceServers: [],
      });
    });

    it('reads LiveKit, ports, the public address and ICE servers', () => {
      const streams = loadConfig({
        STREAMS_PROVIDER: 'livekit',
        LIVEKIT_URL: 'wss://lk.example.org/',
        LIVEKIT_API_KEY: 'key',
        LIVEKIT_API_SECRET: 'secret',
        STREAMS_UDP_PORTS: '40000-40199',
        STREAMS_PUBLIC_IP: '203.0.113.7',
        STREAMS_ICE_SERVERS: '[{"urls":"turn:turn.example.org:3478","username":"u","credential":"c"}]',
      }).streams;
      expect(streams).toMatchObject({
        provider: 'livekit',
        livekit: { url: 'wss://lk.example.org', apiKey: 'key', apiSecret: 'secret' },
        udpPorts: { min: 40000, max: 40199 },
        publicIp: '203.0.113.7',
        iceServers: [{ urls: 'turn:turn.example.org:3478', username: 'u', credential: 'c' }],
      });
    });

    it.each([
      [{ STREAMS_PROVIDER: 'webrtc' }, 'STREAMS_PROVIDER'],
      [{ STREAMS_PROVIDER: 'livekit', LIVEKIT_URL: 'wss://lk.example.org' }, 'LIVEKIT_API_KEY'],
      [{ STREAMS_UDP_PORTS: '40000' }, 'STREAMS_UDP_PORTS'],
      [{ STREAMS_UDP_PORTS: '50000-40000' }, 'STREAMS_UDP_PORTS'],
      [{ STREAMS_ICE_SERVERS: 'stun:x' }, 'STREAMS_ICE_SERVERS'],
      [{ STREAMS_ICE_SERVERS: '[{"urls":"http://x"}]' }, 'STREAMS_ICE_SERVERS'],
      [{ STREAMS_MAX_VIEWERS: '0' }, 'STREAMS_MAX_VIEWERS'],
    ])('refuses %o naming the variable', (env, name) => {
      expect(() => loadConfig(env)).toThrow(name);
    });
  });
});
