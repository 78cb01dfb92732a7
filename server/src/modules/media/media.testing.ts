import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { UploadAuthorisation } from '@convene/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';

/** A real multipart/form-data body (built by the platform's FormData), ready for inject. */
export async function multipartBody(
  fields: Array<[string, string]>,
  file?: { data: Buffer | Uint8Array; name: string; type: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  if (file) form.append('file', new Blob([file.data], { type: file.type }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit greyscale PNG of the given size whose pixels are all black: a decompression
 * bomb that is tens of kilobytes on disk and hundreds of megapixels decoded.
 */
export function pixelFloodPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A 400x200 JPEG whose left half is red and right half blue, stored with EXIF orientation 6
 * (shown rotated 90° clockwise: red on top) and GPS coordinates.
 */
export async function rotatedJpegWithGps(): Promise<Buffer> {
  const blue = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, left: 200, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 45/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '21/1 13/1 0/1',
      },
    })
    .toBuffer();
}

/** A plain image of the given size and format. */
export function plainImage(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 4, background: { r: 90, g: 120, b: 200, alpha: 0.5 } },
  });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** True when an EXIF block holds a GPS IFD pointer (tag 0x8825, either byte order). */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** Every file under a directory, relative to it (empty when it does not exist). */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Asks for an upload form as the given user (defaults: a 1000-byte JPEG profile photo). */
export async function authoriseUpload(
  app: TestApp,
  token: string,
  body: Record<string, unknown> = {},
): Promise<UploadAuthorisation> {
  const response = await app.fastify.inject({
    method: 'PUT',
    url: '/api/imageprocessor/authorise',
    headers: { loginToken: token },
    payload: { fileName: 'me.jpg', contentType: 'image/jpeg', size: 1000, purpose: 'profile', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as UploadAuthorisation;
}

/** Posts an upload form (fields in order, then the file) to the local upload route. */
export async function postUpload(
  app: TestApp,
  fields: Array<[string, string]>,
  file: Buffer | undefined,
  name = 'photo.jpg',
  type = 'image/jpeg',
) {
  const body = await multipartBody(fields, file && { data: file, name, type });
  return app.fastify.inject({ method: 'POST', url: '/api/media/upload', ...body });
}
