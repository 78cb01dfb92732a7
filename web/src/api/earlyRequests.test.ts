import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { earlyAnswerLifetimeMs, requestEarly, takeEarlyResponse } from './earlyRequests.ts';

let server: Server;
let base = '';
const seen: { url: string; token: string | undefined; version: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({
      url: request.url ?? '',
      token: request.headers.logintoken as string | undefined,
      version: request.headers.version as string | undefined,
    });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ n: seen.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('early requests (the first screen’s data, asked for before the app starts)', () => {
  it('sends the GET at once with the app’s headers, and answers the same request once', async () => {
    requestEarly(`${base}/list?x=1`, 'token-a');
    const early = takeEarlyResponse(`${base}/list?x=1`, 'token-a');
    expect(early).not.toBeNull();
    expect(await (await early)?.json()).toEqual({ n: 1 });
    expect(seen.at(-1)).toMatchObject({ url: '/list?x=1', token: 'token-a' });
    expect(seen.at(-1)?.version).toBeTruthy();
    // Taken: the next request of the same data goes to the network.
    expect(takeEarlyResponse(`${base}/list?x=1`, 'token-a')).toBeNull();
  });

  it('is not used for another request, another session, or once it is old', async () => {
    requestEarly(`${base}/other`, 'token-a');
    expect(takeEarlyResponse(`${base}/other?y`, 'token-a')).toBeNull();
    expect(takeEarlyResponse(`${base}/other`, 'token-b')).toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      requestEarly(`${base}/late`, 'token-a');
      vi.setSystemTime(Date.now() + earlyAnswerLifetimeMs + 1);
      expect(takeEarlyResponse(`${base}/late`, 'token-a')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
