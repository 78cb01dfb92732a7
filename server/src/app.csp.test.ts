import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './app.ts';
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
