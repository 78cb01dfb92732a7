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
});
