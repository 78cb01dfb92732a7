import { type ErrorCode, errorCodes } from '@convene/contract';

/** A non-ok answer of the API: its HTTP status and, when the body says so, a stable code and field. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly field: string | null;

  constructor(status: number, code: ErrorCode | null, field: string | null, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

/** Builds an ApiError from a status and whatever JSON (or nothing) the server answered with. */
export function createApiError(status: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = isErrorCode(record.code) ? record.code : null;
  const field = typeof record.field === 'string' ? record.field : null;
  const message = typeof record.message === 'string' ? record.message : `HTTP ${status}`;
  return new ApiError(status, code, field, message);
}

/** True when the request never got an answer (offline, server down). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
