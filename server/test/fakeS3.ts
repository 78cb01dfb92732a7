import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';

/** A stored object of the fake bucket(s). */
export interface FakeObject {
  body: Buffer;
  contentType: string;
}

/** The fake's credentials: the app under test is configured with them. */
export const fakeS3Credentials = { accessKeyId: 'AKIDCONVENETEST', secretAccessKey: 'convene-test-secret' };
const region = 'us-east-1';

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** SHA-256 and HMAC-SHA-256 in the shape the AWS signer asks for. */
class Sha256 {
  private hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {}
}

const verifier = new S3RequestPresigner({
  credentials: fakeS3Credentials,
  region,
  sha256: Sha256,
  service: 's3',
});

function fail(response: http.ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** X-Amz-Date (20261124T163435Z) as a Date. */
function amzDate(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

/**
 * Checks a presigned (query-signed) request the way S3 does: the signature recomputed with
 * the AWS SDK's own signer over the same method, path, query and signed headers, and the url's
 * lifetime against this server's clock. Answers the S3 error code, or null when it is valid.
 */
async function checkPresigned(request: http.IncomingMessage, url: URL, now: number): Promise<string | null> {
  const q = url.searchParams;
  if (!q.get('X-Amz-Credential')?.startsWith(`${fakeS3Credentials.accessKeyId}/`))
    return 'InvalidAccessKeyId';
  const signedAt = amzDate(q.get('X-Amz-Date') ?? '');
  const expiresIn = Number(q.get('X-Amz-Expires'));
  if (Number.isNaN(signedAt.getTime()) || !Number.isInteger(expiresIn))
    return 'AuthorizationQueryParametersError';
  if (now > signedAt.getTime() + expiresIn * 1000) return 'AccessDenied';
  const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of q) if (name !== 'X-Amz-Signature') query[name] = value;
  const resigned = await verifier.presign(
    {
      method: request.method ?? 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query,
      headers,
    },
    { signingDate: signedAt, expiresIn, signableHeaders: new Set(signedHeaders) },
  );
  return resigned.query?.['X-Amz-Signature'] === q.get('X-Amz-Signature') ? null : 'SignatureDoesNotMatch';
}

/**
 * A small S3-compatible server for tests (path-style: /<bucket>/<key>). S3 is an external
 * service, so the tests talk to this stand-in over real HTTP: PUT, HEAD, GET and DELETE of
 * objects, presigned urls verified with the SDK's signer and refused once expired. Requests
 * signed in the Authorization header (the server's own SDK calls) must carry the test access
 * key. `clockSkewMs` moves this server's clock to test expiry without waiting.
 */
export async function startFakeS3() {
  const objects = new Map<string, FakeObject>();
  const fake = {
    url: '',
    objects,
    clockSkewMs: 0,
    /** How many ranged GETs were answered. */
    rangeReads: 0,
    /** The object stored in a bucket under a key, if any. */
    object: (bucket: string, key: string) => objects.get(`${bucket}/${key}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const url = new URL(request.url ?? '/', fake.url);
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (url.searchParams.has('X-Amz-Signature')) {
        const error = await checkPresigned(request, url, Date.now() + fake.clockSkewMs);
        if (error) return fail(response, 403, error, 'Refused by the fake S3');
      } else if (!request.headers.authorization?.includes(`Credential=${fakeS3Credentials.accessKeyId}/`)) {
        return fail(response, 403, 'AccessDenied', 'Not signed');
      }
      const id = `${bucket}/${key}`;
      const stored = objects.get(id);
      switch (request.method) {
        case 'PUT': {
          if (request.headers['if-none-match'] === '*' && stored) {
            return fail(response, 412, 'PreconditionFailed', 'The key holds an object');
          }
          objects.set(id, {
            body: Buffer.concat(chunks),
            contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          });
          response.writeHead(200, { etag: '"fake"' });
          return response.end();
        }
        case 'HEAD':
        case 'GET': {
          if (!stored) {
            if (request.method === 'HEAD') return response.writeHead(404).end();
            return fail(response, 404, 'NoSuchKey', 'No such key');
          }
          // One range 'bytes=a-b', as the server's SDK asks for a video's first bytes.
          const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
          const start = range ? Number(range[1]) : 0;
          const end = range ? Math.min(Number(range[2]), stored.body.length - 1) : stored.body.length - 1;
          const body = stored.body.subarray(start, end + 1);
          response.writeHead(range ? 206 : 200, {
            'content-type': stored.contentType,
            'content-length': String(body.length),
            ...(range ? { 'content-range': `bytes ${start}-${end}/${stored.body.length}` } : {}),
            etag: '"fake"',
          });
          if (range) fake.rangeReads += 1;
          return response.end(request.method === 'GET' ? body : undefined);
        }
        case 'DELETE':
          objects.delete(id);
          return response.writeHead(204).end();
        default:
          return fail(response, 405, 'MethodNotAllowed', 'Not supported by the fake S3');
      }
    })().catch((error: unknown) => fail(response, 500, 'InternalError', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
