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
