import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, mapTileSource } from './app.ts';
import { loadConfig } from './config.ts';

describe('Content-Security-Policy', () => {
  it('lets the page connect only to itself and its sockets with local media', () => {
    expect(contentSecurityPolicy(loadConfig({})).connectSrc).toEqual(["'self'", 'ws:', 'wss:']);
  });

  it('adds the bucket the browser uploads to in S3 mode', () => {
    const aws = loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'photos', S3_REGION: 'eu-central-1' });
    expect(contentSecurityPolicy(aws).connectSrc).toContain('https://photos.s3.eu-central-1.amazonaws.com');
    const minio = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'https://minio.example.org:9000/',
    });
    expect(contentSecurityPolicy(minio).connectSrc).toContain('https://minio.example.org:9000');
  });
});

describe('map tiles, image attachments and video players', () => {
  it('lets images come from the configured tile server, subdomain templates as a wildcard', () => {
    expect(mapTileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(mapTileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(mapTileSource('http://tiles.local:8080/{z}/{x}/{y}.png?key=1')).toBe('http://tiles.local:8080');
    expect(mapTileSource('https://maps.{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
    expect(mapTileSource('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
    expect(mapTileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(mapTileSource("https://evil.example.org';script-src *")).toBeNull();

    const local = loadConfig({ MAP_TILE_URL: 'http://{s}.tiles.local:8080/{z}/{x}/{y}.png' });
    expect(contentSecurityPolicy(local).imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https:',
      'http://*.tiles.local:8080',
    ]);
    expect(contentSecurityPolicy(loadConfig({})).imgSrc).toContain('https://tile.openstreetmap.org');
  });

  it('embeds only the privacy-friendly players of the allowed video hosts', () => {
    expect(contentSecurityPolicy(loadConfig({})).frameSrc).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]);
  });
});
