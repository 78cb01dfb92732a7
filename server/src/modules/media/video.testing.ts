/** A tiny MP4 as our content check sees it: an `ftyp` box (isom) and an empty `moov` box. */
export function tinyMp4(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 0x02, 0]),
    Buffer.from('isomiso2'),
  ]);
  const moov = Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('moov')]);
  return Buffer.concat([ftyp, moov]);
}

/** A tiny WebM as our content check sees it: the EBML header 1A 45 DF A3 and a few bytes more. */
export function tinyWebm(): Buffer {
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]),
    Buffer.from('webm body'),
  ]);
}
