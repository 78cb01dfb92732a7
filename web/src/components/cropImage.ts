import { imageContentTypes, limits, mediaLimits, mediaMessages } from '@convene/contract';

/** A rectangle in pixels or percentages: left, top, width, height. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A width and a height in pixels. */
export interface PixelSize {
  width: number;
  height: number;
}

/** Cropped images fit in this box (PRODUCT.md §1.9: capped at 1200x675). */
export const cropOutputBox: PixelSize = { width: limits.imageMaxWidth, height: limits.imageMaxHeight };

/** JPEG quality of the cropped image: visually lossless, a fraction of the PNG size. */
export const cropJpegQuality = 0.9;

/**
 * The zoom at which the crop area's side is `coverage` of the largest crop that fits the image
 * (at zoom 1 the crop is that largest box): 0.5, the profile default, means zoom 2.
 */
export function initialZoom(coverage: number, maxZoom: number): number {
  const clamped = Math.min(1, Math.max(1 / maxZoom, coverage));
  return 1 / clamped;
}

/**
 * Converts a crop given in percentages of the displayed image (react-easy-crop's croppedArea)
 * into whole source pixels of the decoded, orientation-corrected image, kept inside it.
 */
export function toSourceRect(percent: CropRect, source: PixelSize): CropRect {
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  const x = clamp(Math.round((percent.x / 100) * source.width), 0, source.width - 1);
  const y = clamp(Math.round((percent.y / 100) * source.height), 0, source.height - 1);
  const width = clamp(Math.round((percent.width / 100) * source.width), 1, source.width - x);
  const height = clamp(Math.round((percent.height / 100) * source.height), 1, source.height - y);
  return { x, y, width, height };
}

/** The output size of a crop: its own size, scaled down (never up) to fit the box, aspect kept. */
export function fitInBox(crop: PixelSize, box: PixelSize = cropOutputBox): PixelSize {
  const scale = Math.min(1, box.width / crop.width, box.height / crop.height);
  return {
    width: Math.max(1, Math.round(crop.width * scale)),
    height: Math.max(1, Math.round(crop.height * scale)),
  };
}

/** Which kind of image the first bytes of a file announce, whatever its name or declared type. */
export function sniffImageType(bytes: Uint8Array): 'png' | 'jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/**
 * The pixel size a PNG (IHDR) or JPEG (first SOF marker) header declares, read without decoding;
 * null when the header cannot be read. Orientation is ignored: only the area matters here.
 */
export function readImageSize(bytes: Uint8Array): PixelSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = sniffImageType(bytes);
  if (type === 'png') {
    if (bytes.length < 24) return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (type !== 'jpeg') return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isStartOfFrame) return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}

/** What is known of a chosen file before it is decoded. */
export interface ChosenFile {
  /** The type the browser declares (from the name): '' when unknown. */
  type: string;
  size: number;
  /** The first bytes of the file (fileHeadBytes of them, or all of a smaller file). */
  head: Uint8Array;
}

/** How many leading bytes checkImageFile needs to see. */
export const fileHeadBytes = 262_144;

/**
 * Checks a chosen file before cropping (PRODUCT.md §1.5: png or jpg/jpeg, at most 20,000,000
 * bytes): the declared type, the size, the content's own signature and the pixel count the
 * header declares. Answers the media i18n key of the first problem, or null when it is fine.
 */
export function checkImageFile(file: ChosenFile): string | null {
  const isDeclaredImage = (imageContentTypes as readonly string[]).includes(file.type);
  if (file.type !== '' && !isDeclaredImage) return mediaMessages.typeInvalid;
  if (file.size === 0) return mediaMessages.imageInvalid;
  if (file.size > mediaLimits.maxBytes) return mediaMessages.tooLarge;
  if (!sniffImageType(file.head)) return mediaMessages.typeInvalid;
  // A header beyond the bytes read is left to the decoder, which refuses a broken file anyway.
  const size = readImageSize(file.head);
  if (!size) return null;
  if (size.width === 0 || size.height === 0) return mediaMessages.imageInvalid;
  if (size.width * size.height > mediaLimits.maxInputPixels) return mediaMessages.tooManyPixels;
  return null;
}

/**
 * Draws the crop of an (orientation-corrected) image onto a canvas no larger than the output
 * box and encodes it as JPEG. Transparent PNG areas become white, as JPEG has no alpha.
 */
export async function renderCrop(image: ImageBitmap, percent: CropRect): Promise<Blob> {
  const source = toSourceRect(percent, image);
  const output = fitInBox(source);
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, output.width, output.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image,
    source.x,
    source.y,
    source.width,
    source.height,
    0,
    0,
    output.width,
    output.height,
  );
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The crop could not be encoded'))),
      'image/jpeg',
      cropJpegQuality,
    );
  });
}
