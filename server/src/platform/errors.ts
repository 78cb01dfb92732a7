import type { ErrorCode } from '@convene/contract';

/** An error the API answers with its status and stable code (DESIGN.md §4). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 400: a request field is invalid. */
export const validation = (field: string, message = `Invalid ${field}`) =>
  new ApiError(400, 'VALIDATION', message, field);
/** 401: no valid login token. */
export const unauthenticated = () => new ApiError(401, 'UNAUTHENTICATED', 'Sign-in required');
/** 403: the viewer may see the thing but not do this (only policies answer it: platform/policy.ts). */
export const forbidden = (message: string, field?: string) => new ApiError(403, 'FORBIDDEN', message, field);
/** 404: missing, or private and not the viewer's to know about. */
export const notFound = (message = 'Not found') => new ApiError(404, 'NOT_FOUND', message);
/** 409: the change conflicts with the current state. */
export const conflict = (message: string, field?: string) => new ApiError(409, 'CONFLICT', message, field);
/** 429: too many attempts; retry after the given seconds. */
export const rateLimited = (retryAfterSeconds: number, message = 'Too many attempts, try again later') =>
  new ApiError(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** Seconds a client is asked to wait (Retry-After) while the database cannot be reached. */
export const unavailableRetryAfterSeconds = 5;

/** 503: the database cannot be reached for now; the request may be retried as it is. */
export const unavailable = () =>
  new ApiError(503, 'UNAVAILABLE', 'The service is briefly unavailable, try again shortly', undefined, {
    'retry-after': String(unavailableRetryAfterSeconds),
  });

/** Socket errors that mean the database server is down, restarting or out of reach. */
const connectionErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * PostgreSQL's answers that mean "not now" rather than a fault of the query: class 08
 * (connection exception), 57P01–57P03 (shut down by an administrator, a crash, or still
 * starting up), 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** node-postgres's own messages for a connection that was lost, never made, or timed out. */
const connectionLostMessages = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * True when an error (or one it wraps: drizzle wraps the driver's error as `cause`) says the
 * database is unreachable, so the request failed through no fault of its own: the API answers
 * 503 with Retry-After instead of 500, and the pool reconnects by itself once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (connectionErrorCodes.has(code) || isUnavailableSqlState(code))) {
      return true;
    }
    if (typeof message === 'string' && connectionLostMessages.some((text) => message.includes(text))) {
      return true;
    }
    current = cause;
  }
  return false;
}
