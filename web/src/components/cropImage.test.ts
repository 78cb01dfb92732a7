import { mediaMessages } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import {
  checkImageFile,
  fitInBox,
  initialZoom,
  readImageSize,
  sniffImageType,
  toSourceRect,
} from './cropImage.ts';

/** The first bytes of a PNG declaring the given size. */
function pngHead(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

/** A JPEG start: SOI, an APP0 segment, then a baseline SOF0 declaring the given size. */
function jpegHead(width: number, height: number, sof = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)];
  const sofSegment = [sof, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3];
  return new Uint8Array([0xff, 0xd8, ...app0, 0xff, ...sofSegment, ...new Array(12).fill(0)]);
}

describe('initialZoom', () => {
  it('frames half of the largest crop by default (spec: 50 %)', () => {
    expect(initialZoom(0.5, 4)).toBe(2);
  });

  it('stays within the zoom range', () => {
    expect(initialZoom(1, 4)).toBe(1);
    expect(initialZoom(2, 4)).toBe(1);
    expect(initialZoom(0.1, 4)).toBe(4);
  });
});

describe('toSourceRect', () => {
  it('maps percentages of the shown image to whole source pixels', () => {
    expect(toSourceRect({ x: 25, y: 10, width: 50, height: 50 }, { width: 4000, height: 2000 })).toEqual({
      x: 1000,
      y: 200,
      width: 2000,
      height: 1000,
    });
  });

  it('keeps the rectangle inside the image, at least one pixel', () => {
    expect(toSourceRect({ x: -3, y: 99.99, width: 120, height: 0 }, { width: 100, height: 100 })).toEqual({
      x: 0,
      y: 99,
      width: 100,
      height: 1,
    });
  });
});

describe('fitInBox', () => {
  it('caps a crop at 1200x675, keeping its aspect', () => {
    expect(fitInBox({ width: 4000, height: 2000 })).toEqual({ width: 1200, height: 600 });
    expect(fitInBox({ width: 3000, height: 3000 })).toEqual({ width: 675, height: 675 });
    expect(fitInBox({ width: 1000, height: 4000 })).toEqual({ width: 169, height: 675 });
  });

  it('never enlarges a small crop', () => {
    expect(fitInBox({ width: 300, height: 300 })).toEqual({ width: 300, height: 300 });
  });
});

describe('sniffImageType and readImageSize', () => {
  it('recognise PNG and JPEG by content and read their declared size', () => {
    expect(sniffImageType(pngHead(10, 20))).toBe('png');
    expect(readImageSize(pngHead(640, 480))).toEqual({ width: 640, height: 480 });
    expect(sniffImageType(jpegHead(10, 20))).toBe('jpeg');
    expect(readImageSize(jpegHead(1920, 1080))).toEqual({ width: 1920, height: 1080 });
    expect(readImageSize(jpegHead(800, 600, 0xc2))).toEqual({ width: 800, height: 600 });
  });

  it('refuse other content', () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect(sniffImageType(html)).toBeNull();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(sniffImageType(svg)).toBeNull();
    expect(readImageSize(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull();
  });
});

describe('checkImageFile', () => {
  const png = { type: 'image/png', size: 1000, head: pngHead(800, 600) };

  it('accepts a PNG or JPEG within the limits', () => {
    expect(checkImageFile(png)).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: 20_000_000, head: jpegHead(4000, 3000) })).toBeNull();
  });

  it('refuses other declared types, whatever the content', () => {
    expect(checkImageFile({ ...png, type: 'image/gif' })).toBe(mediaMessages.typeInvalid);
    expect(checkImageFile({ ...png, type: 'image/svg+xml' })).toBe(mediaMessages.typeInvalid);
  });

  it('refuses more than 20,000,000 bytes and empty files', () => {
    expect(checkImageFile({ ...png, size: 20_000_001 })).toBe(mediaMessages.tooLarge);
    expect(checkImageFile({ ...png, size: 0 })).toBe(mediaMessages.imageInvalid);
  });

  it('refuses a file named .png that is something else', () => {
    const html = new TextEncoder().encode('<!doctype html><p>hi</p>');
    expect(checkImageFile({ type: 'image/png', size: html.length, head: html })).toBe(
      mediaMessages.typeInvalid,
    );
  });

  it('refuses a pixel flood before decoding it', () => {
    expect(checkImageFile({ ...png, head: pngHead(20_000, 20_000) })).toBe(mediaMessages.tooManyPixels);
    expect(checkImageFile({ ...png, head: pngHead(0, 10) })).toBe(mediaMessages.imageInvalid);
  });
});
