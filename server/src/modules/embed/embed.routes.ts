import { account, embedCodeAnswer, embedCodeBody, embedSessionBody } from '@convene/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { embedErrors } from './embed.errors.ts';
import { exchangeEmbedCode, hostOriginOfKey, mintEmbedCode } from './embed.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The host origin whose key authenticated a POST /api/embed/codes. */
    embedHost?: string;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
}

/**
 * Embedding in a host page (issue 16, PRODUCT.md part 2 §1): a host's server mints a one-time
 * code with its host key; the framed page exchanges it for a session.
 */
export function registerEmbedRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const formRateLimit = { max: ctx.config.authFormRateLimit, timeWindow: '15 minutes' };

  app.post(
    '/api/embed/codes',
    {
      // Public to the session check: the host key in Authorization is this route's credential,
      // checked before the body so a bad key is 401 whatever it sends.
      config: { public: true },
      preValidation: async (request) => {
        const origin = hostOriginOfKey(ctx, bearer(request));
        if (!origin) throw embedErrors.badHostKey();
        request.embedHost = origin;
      },
      schema: { tags: ['embed'], body: embedCodeBody, response: { 200: embedCodeAnswer } },
    },
    (request) => mintEmbedCode(ctx, request.embedHost as string, request.body.userId),
  );

  app.post(
    '/api/embed/session',
    {
      config: { public: true, rateLimit: formRateLimit },
      schema: { tags: ['embed'], body: embedSessionBody, response: { 200: account } },
    },
    (request) => {
      // The exchange belongs to the framed page itself; a browser says when another site's page
      // sends it (Sec-Fetch-Site), and that is refused like a code from another origin.
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') throw embedErrors.wrongOrigin();
      return exchangeEmbedCode(ctx, request.body, request.headers['user-agent']);
    },
  );
}
