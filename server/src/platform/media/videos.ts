import type { VideoContentType } from '@convene/contract';

/** How many first bytes decide a video's container. */
export const videoHeadBytes = 12;

const ebmlMagic = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/**
 * Whether a video's first bytes are the container its declared type announces: MP4 and
 * QuickTime start with an `ftyp` box (its size, then 'ftyp'), WebM with the EBML header
 * 1A 45 DF A3. Nothing is decoded: videos are stored as uploaded and served with nosniff.
 */
export function isVideoContainer(head: Buffer, type: VideoContentType): boolean {
  if (type === 'video/webm') return head.length >= 4 && head.subarray(0, 4).equals(ebmlMagic);
  return head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp';
}
