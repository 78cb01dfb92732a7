import { clientConfig, productName } from '@convene/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';

/** Health, the browser's public configuration and the bot-check challenge. */
export function registerSystemRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => {
      await ctx.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database: ctx.dbKind };
    },
  );

  app.get(
    '/api/config',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: clientConfig } } },
    () => ({
      captcha: ctx.config.recaptcha
        ? { provider: 'recaptcha' as const, siteKey: ctx.config.recaptcha.siteKey }
        : { provider: 'altcha' as const },
      classicAppUrl: ctx.config.classicAppUrl ?? null,
      supportEmail: ctx.config.supportEmail,
      productName,
      mapTileUrl: ctx.config.mapTileUrl,
      mapLinkUrl: ctx.config.mapLinkUrl,
      vapidPublicKey: ctx.push.publicKey,
      embedOrigins: ctx.config.embed.allowedOrigins,
    }),
  );

  app.get(
    '/api/captcha/challenge',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['system'] },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ctx.captcha.createChallenge();
    },
  );
}
