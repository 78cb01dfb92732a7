import type { ErrorCode } from '@convene/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Db } from '../db/connect.ts';
import { ApiError, unauthenticated } from './errors.ts';
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
export function registerAuthHook(app: FastifyInstance, db: Db): void {
  app.decorateRequest('viewer', null);
  app.addHook('preValidation', async (request) => {
    if (request.is404 || !request.url.startsWith('/api/') || request.routeOptions.config.public) return;
    const token = tokenFromHeaders(request.headers);
    const viewer = token ? await findViewerByToken(db, token) : null;
    if (!viewer) throw unauthenticated();
    request.viewer = viewer;
  });
}

/** One error envelope for every failure (DESIGN.md §4); a 500 only for our own faults. */
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
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'INTERNAL', 'Something went wrong on our side', undefined);
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
    .type('application/json')
    .send({ statusCode, code, message, ...(field ? { field } : {}) });
}
