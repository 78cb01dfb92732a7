import { validation } from '../../platform/errors.ts';

/**
 * A position in the agenda: the (start, key) of the last item a page showed and the direction
 * paging goes. Keys are event ids or occurrence ids, compared as plain strings; ids are 32
 * lowercase hex characters, so SQL (on the first 32) and JavaScript order them the same way.
 */
export interface AgendaCursor {
  direction: 'forward' | 'backward';
  start: Date;
  /** '' before any item at this start (forward) / after every item at it (backward). */
  key: string;
}

const keyPattern = /^([0-9a-f]{32}(_\d{8}T\d{6}Z)?)?$/;

/** The opaque nextPageToken: base64url JSON {v, d, t, k}. */
export function encodeCursor(cursor: AgendaCursor): string {
  const body = {
    v: 1,
    d: cursor.direction === 'forward' ? 'f' : 'b',
    t: cursor.start.toISOString(),
    k: cursor.key,
  };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** Reads a pageToken; anything but a token we issued is 400 on pageToken. */
export function decodeCursor(token: string): AgendaCursor {
  const invalid = () => validation('pageToken', 'Invalid pageToken');
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof body !== 'object' || body === null) throw invalid();
  const { v, d, t, k } = body as Record<string, unknown>;
  if (v !== 1 || (d !== 'f' && d !== 'b') || typeof t !== 'string' || typeof k !== 'string') throw invalid();
  const start = new Date(t);
  if (Number.isNaN(start.getTime()) || start.toISOString() !== t || !keyPattern.test(k)) throw invalid();
  return { direction: d === 'f' ? 'forward' : 'backward', start, key: k };
}

/** Orders items by start, then key. */
export function compareItems(a: { start: Date; key: string }, b: { start: Date; key: string }): number {
  const byStart = a.start.getTime() - b.start.getTime();
  if (byStart !== 0) return byStart;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** True when the item lies beyond the cursor in its direction. */
export function isBeyond(item: { start: Date; key: string }, cursor: AgendaCursor): boolean {
  const order = compareItems(item, cursor);
  return cursor.direction === 'forward' ? order > 0 : order < 0;
}
