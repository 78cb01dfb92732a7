import type { Readable } from 'node:stream';
import type { UploadPolicy } from '@convene/contract';

// What a media store is, apart from which store is made (store.ts): the local and the S3 store
// implement these without importing the module that chooses between them.

/** The form the browser posts an upload to: where, and the fields to send before the file. */
export interface UploadForm {
  url: string;
  fields: Record<string, string>;
  /** The policy and its signature as the store names them (also inside `fields`). */
  policy: string;
  signature: string;
}

/** The bytes start to end (both inclusive) of a stored object. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored object opened for reading: all of it, or the range asked for. */
export type OpenedObject =
  | { stream: Readable; size?: number; range?: ByteRange }
  /** The range asked for lies outside the object (size is the object's). */
  | { unsatisfiable: true; size: number };

/**
 * Picks the range to read once the object's size is known: a range, the whole object (null), or
 * 'unsatisfiable'.
 */
export type RangePicker = (size: number) => ByteRange | null | 'unsatisfiable';

/** What every media store does (MediaStore is the local or the S3 one). */
interface MediaStoreBase {
  /** The signed form for uploading exactly the policy's key. */
  createUploadForm(contents: UploadPolicy, contentType: string): Promise<UploadForm>;
  /** Stores a processed image under a new key; false when the key already holds one. */
  save(key: string, data: Buffer): Promise<boolean>;
  /**
   * Opens a stored object for reading; null when there is none. The local store honours
   * `pickRange` (byte ranges, so browsers can seek in videos); the S3 one reads it whole.
   */
  open(key: string, pickRange?: RangePicker): Promise<OpenedObject | null>;
  /** Whether a key holds an object. */
  exists(key: string): Promise<boolean>;
  /**
   * Whether a key holds an acceptable upload: a PNG or JPEG of 1 to 20,000,000 bytes, or a
   * video of 1 to 100,000,000 bytes whose first bytes are its type's container. Local files
   * passed the upload pipeline already; in S3 a presigned PUT cannot bound the size, so the
   * object is checked (HEAD, and the first bytes of a video) and a bad one deleted.
   */
  hasUpload(key: string): Promise<boolean>;
}

/** Media on local disk: uploads come through our own routes (policy checked, re-encoded). */
export interface LocalMediaStore extends MediaStoreBase {
  kind: 'local';
  /**
   * Streams an upload to a new key (never holding it whole); false when the key already holds
   * one. When the source fails (a check refuses it), nothing is stored and its error is thrown.
   */
  saveStream(key: string, source: AsyncIterable<Buffer>): Promise<boolean>;
}

/** Media in an S3-compatible bucket: the browser uploads straight to it. */
export interface S3MediaStore extends MediaStoreBase {
  kind: 's3';
  /** A presigned PUT url for exactly this key and content type, valid for the policy lifetime. */
  createPutUrl(key: string, contentType: string): Promise<string>;
}

/** Where published images live: local disk (default) or an S3-compatible bucket. */
export type MediaStore = LocalMediaStore | S3MediaStore;
