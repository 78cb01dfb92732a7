import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byteRange.ts';

describe('parseByteRange', () => {
  it('reads a-b, a- and the suffix -n, clamped to the object', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=10-', 100)).toEqual({ start: 10, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('is unsatisfiable past the end, for a zero suffix or an empty object', () => {
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=100-120', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('ignores what it may ignore (the whole object is sent): other units, several ranges, nonsense', () => {
    for (const header of ['items=0-1', 'bytes=0-1,5-6', 'bytes=5-2', 'bytes=-', 'bytes=a-b', '']) {
      expect(parseByteRange(header, 100), header).toBeNull();
    }
  });
});
