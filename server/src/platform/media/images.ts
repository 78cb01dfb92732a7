import { limits, mediaLimits, mediaMessages } from '@convene/contract';

let sharpModule: Promise<typeof import('sharp').default> | undefined;

/** sharp (libvips, native) is loaded on the first upload, not at start. */
function loadSharp() {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

/** The image types we accept, by content. */
export type ImageType = 'png' | 'jpeg';

/** An image refused for a reason the user can act on; the message is an i18n key. */
export class ImageRejected extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
    this.name = 'ImageRejected';
  }
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The type by magic bytes, whatever the file name or declared type says: PNG or JPEG, else
 * null. Checked before any decoder sees the bytes, so SVG, HTML and the rest never reach one.
 */
export function detectImageType(data: Buffer): ImageType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(pngSignature)) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  return null;
}

/** At most this many images decode at once per process; the rest wait (bounded memory). */
const maxConcurrentDecodes = 2;
let active = 0;
const waiting: Array<() => void> = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= maxConcurrentDecodes) await new Promise<void>((resolve) => waiting.push(resolve));
  active += 1;
  try {
    return await work();
  } finally {
    active -= 1;
    waiting.shift()?.();
  }
}

/**
 * Turns an uploaded PNG or JPEG into what we publish: upright (EXIF orientation applied),
 * inside 1200x675 without enlargement, transparency on white, JPEG quality 85 with no
 * metadata at all (EXIF, GPS, ICC and XMP are dropped by re-encoding). Refuses images over
 * the pixel cap before decoding them, and truncated or corrupt ones.
 */
export function processImage(data: Buffer, type: ImageType): Promise<Buffer> {
  return withDecodeSlot(async () => {
    const sharp = await loadSharp();
    const image = sharp(data, { limitInputPixels: mediaLimits.maxInputPixels, failOn: 'warning' });
    const metadata = await image.metadata().catch((error: unknown) => {
      throw rejectionOf(error);
    });
    if (metadata.format !== type || !metadata.width || !metadata.height) {
      throw new ImageRejected(mediaMessages.imageInvalid);
    }
    if (metadata.width * metadata.height > mediaLimits.maxInputPixels) {
      throw new ImageRejected(mediaMessages.tooManyPixels);
    }
    return image
      .rotate()
      .resize(limits.imageMaxWidth, limits.imageMaxHeight, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer()
      .catch((error: unknown) => {
        throw rejectionOf(error);
      });
  });
}

/** libvips errors on client input become rejections; the pixel cap gets its own message. */
function rejectionOf(error: unknown): ImageRejected {
  const message = error instanceof Error ? error.message : '';
  return new ImageRejected(
    message.includes('pixel limit') ? mediaMessages.tooManyPixels : mediaMessages.imageInvalid,
  );
}
