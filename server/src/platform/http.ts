import { type ErrorCode, profileMessages } from '@convene/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { SessionLifetime } from '../config.ts';
import type { Db } from '../db/connect.ts';
import {
  ApiError,
  isDatabaseUnavailable,
  notFound,
  unauthenticated,
  unavailable,
  validation,
} from './errors.ts';
import { findViewerByToken, tokenFromHeaders, type Viewer } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set on every /api route not marked public. */
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /** True for the few /api routes that need no sign-in (login, register, health, …). */
    public?: boolean;
  }
}

/**
 * A rate limit for a signed-in route, counted per account rather than per address: people behind
 * one address (an office, a mobile carrier) do not share one allowance. It runs after the auth
 * hook (preHandler), so the caller is known; an unsigned request never gets this far.
 */
export function perAccountRateLimit(max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `account:${request.viewer?.account.id ?? request.ip}`,
  };
}

/** The signed-in caller of a protected route (the auth hook has already checked it). */
export function getViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
};

/**
 * Secure by default: every /api route needs a valid login token unless its config says
 * `public: true`. The token resolves to the account on each request, so a revoked session
 * stops working at once.
 */
export function registerAuthHook(app: FastifyInstance, db: Db, lifetime: SessionLifetime): void {
  app.decorateRequest('viewer', null);
  app.addHook('preValidation', async (request) => {
    if (request.is404 || !request.url.startsWith('/api/') || request.routeOptions.config.public) return;
    const token = tokenFromHeaders(request.headers);
    const viewer = token ? await findViewerByToken(db, token, lifetime) : null;
    if (!viewer) throw unauthenticated();
    request.viewer = viewer;
  });
}

/**
 * A NUL character or a lone UTF-16 surrogate: text PostgreSQL cannot store (it refuses NUL in
 * text and invalid UTF-8), so no client text with one may reach a query. Code units, no `u`
 * flag: each alternative matches one or two characters, in linear time.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const unstorableText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No body of ours nests this deep; a deeper one is refused instead of walked (the stack is finite). */
export const maxNestingDepth = 32;

/** What is wrong with a client value: unstorable text, or nesting past `maxNestingDepth`. */
interface ValueFault {
  path: string;
  fault: 'text' | 'depth';
}

/** An object parsed from client text: not a Buffer or a stream (a raw upload body). */
function isParsedObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/**
 * The first fault in a parsed JSON body, query or params, at most `maxNestingDepth` levels
 * down. A streamed upload body or a Buffer is not client text and is not walked.
 */
function findValueFault(value: unknown, at: string[]): ValueFault | null {
  if (typeof value === 'string') {
    return unstorableText.test(value) ? { path: at.join('.') || 'body', fault: 'text' } : null;
  }
  const isArray = Array.isArray(value);
  if (!isArray && !isParsedObject(value)) return null;
  if (at.length >= maxNestingDepth) return { path: at.join('.'), fault: 'depth' };
  const entries: Array<[string, unknown]> = isArray
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (!isArray && unstorableText.test(key)) {
      return { path: [...at, key.replace(unstorableText, '?')].join('.'), fault: 'text' };
    }
    const found = findValueFault(item, [...at, key]);
    if (found !== null) return found;
  }
  return null;
}

/** The dotted path of the first string (value or object key) with unstorable text, or null. */
export function findUnstorableText(value: unknown): string | null {
  const found = findValueFault(value, []);
  return found?.fault === 'text' ? found.path : null;
}

/**
 * One guard for every route, before validation: an id in the path with unstorable text names
 * nothing that exists (404); in the query or the body it is bad input (400 naming the field, with
 * the translated message key every screen already shows for such text).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (findValueFault(request.params, []) !== null) throw notFound();
    for (const value of [request.query, request.body]) {
      const found = findValueFault(value, []);
      if (found?.fault === 'text') throw validation(found.path, profileMessages.textInvalid);
      if (found) throw validation(found.path || 'body', 'Nested too deeply');
    }
  });
}

/**
 * One error envelope for every failure (DESIGN.md §4); a 500 only for our own faults, a 503 with
 * Retry-After while the database cannot be reached.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      void reply.headers(error.headers);
      return send(reply, error.statusCode, error.code, error.message, error.field);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.split('/').filter(Boolean).join('.');
      return send(
        reply,
        400,
        'VALIDATION',
        issue?.message ?? 'Invalid request',
        field || error.validationContext,
      );
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, codeByStatus[status] ?? 'VALIDATION', clientMessage(error), undefined);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: not our fault nor the client's; it may retry.
      request.log.warn({ err: error }, 'database unavailable; answered 503');
      const answer = unavailable();
      void reply.headers(answer.headers);
      return send(reply, answer.statusCode, answer.code, answer.message, undefined);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'INTERNAL', 'Something went wrong on our side', undefined);
  });
}

/**
 * Fastify's own request errors raised before routing (FST_ERR_BAD_URL for bad percent-encoding,
 * FST_ERR_MAX_PARAM_LENGTH for a path parameter over 100 characters): the API's envelope, with
 * a short message that does not echo the URL. Fastify's `frameworkErrors` option.
 */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 414, 'VALIDATION', 'A path parameter is too long', undefined);
  }
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid' : 'Bad request';
  return send(reply, status, codeByStatus[status] ?? 'VALIDATION', message, undefined);
}

/**
 * API answers are never stored by browsers or proxies (they are the viewer's own data): every
 * /api answer says `Cache-Control: no-store` unless its route chose a policy itself.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
  });
}

/** 404 JSON for an unknown API route. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`, undefined);
}

function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
    return 'The body is not valid JSON';
  return error.message;
}

function send(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  field: string | undefined,
) {
  return reply
    .status(statusCode)
    .header('cache-control', 'no-store')
    .type('application/json')
    .send({ statusCode, code, message, ...(field ? { field } : {}) });
}
