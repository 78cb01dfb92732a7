import type { ByteRange } from './storeTypes.ts';

/**
 * The one byte range of a `Range` header for an object of `size` bytes (RFC 9110 §14.1.2):
 * `bytes=a-b`, `bytes=a-` or the suffix `bytes=-n`. Null (serve it whole) for another unit,
 * several ranges or a malformed header, as the RFC lets a server ignore those; 'unsatisfiable'
 * (416) when the range starts past the end or the object is empty.
 */
export function parseByteRange(header: string, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  if (end < start) return null;
  return { start, end: Math.min(end, size - 1) };
}
