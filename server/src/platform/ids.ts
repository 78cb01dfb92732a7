import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A new opaque id without dashes (DESIGN.md §4), so `/events/{title}-{id}` parses. */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}

/** A new secret: 32 random bytes (256 bits), base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How a secret token is stored: its SHA-256, so a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
