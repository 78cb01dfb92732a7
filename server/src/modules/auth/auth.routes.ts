import {
  account,
  autoLoginBody,
  loginBody,
  loginCodeAnswer,
  registerBody,
  resetPasswordBody,
  resetPasswordCheckAnswer,
  resetPasswordCheckQuery,
  resetPasswordConfirmAnswer,
  resetPasswordConfirmBody,
} from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getViewer, perAccountRateLimit } from '../../platform/http.ts';
import { negotiateLanguage } from '../../platform/language.ts';
import { mailLanguages } from './auth.mails.ts';
import * as auth from './auth.service.ts';

/** The language of Accept-Language we write mails in, as the web app picks its own (English else). */
function preferredLanguage(header: string | undefined): string {
  return negotiateLanguage(header, mailLanguages) ?? 'en';
}

/** Registration, login, logout, password reset and auto-login (PRODUCT.md §1.7). */
export function registerAuthRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Per-IP request budget for the unauthenticated auth forms (failed logins have their own).
  const formRateLimit = { max: ctx.config.authFormRateLimit, timeWindow: '15 minutes' };

  app.post(
    '/api/auth/register',
    {
      config: { public: true, rateLimit: formRateLimit },
      schema: { tags: ['auth'], body: registerBody, response: { 200: account } },
    },
    (request) =>
      auth.register(ctx, request.body, {
        ip: request.ip,
        language: preferredLanguage(request.headers['accept-language']),
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/api/auth/login',
    {
      config: { public: true, rateLimit: { max: 100, timeWindow: '15 minutes' } },
      schema: { tags: ['auth'], body: loginBody, response: { 200: account } },
    },
    (request) => auth.login(ctx, request.body, request.ip, request.headers['user-agent']),
  );

  app.get('/api/auth/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    await auth.logout(ctx, getViewer(request));
    return reply.status(204).send();
  });

  app.post(
    '/api/account/resetPassword',
    {
      config: { public: true, rateLimit: formRateLimit },
      schema: { tags: ['auth'], body: resetPasswordBody },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(ctx, request.body, request.ip);
      return reply.status(204).send();
    },
  );

  // Looks at a mailed link's token without spending it: the page opened from the link says at
  // once when it was used or has expired. Rate-limited like the forms (a 256-bit token cannot be
  // guessed, and the answer names no account).
  app.get(
    '/api/account/resetPassword/check',
    {
      config: { public: true, rateLimit: formRateLimit },
      schema: {
        tags: ['auth'],
        querystring: resetPasswordCheckQuery,
        response: { 200: resetPasswordCheckAnswer },
      },
    },
    (request) => auth.checkPasswordResetLink(ctx, request.query.token),
  );

  app.post(
    '/api/account/resetPassword/confirm',
    {
      config: { public: true, rateLimit: formRateLimit },
      schema: {
        tags: ['auth'],
        body: resetPasswordConfirmBody,
        response: { 200: resetPasswordConfirmAnswer },
      },
    },
    (request) => auth.resetPassword(ctx, request.body),
  );

  app.get(
    '/api/account/confirmEmail',
    {
      config: { public: true, rateLimit: formRateLimit },
      schema: { tags: ['auth'], querystring: z.object({ token: z.string().max(200).default('') }) },
    },
    async (request, reply) => {
      const confirmed = request.query.token ? await auth.confirmEmail(ctx, request.query.token) : false;
      return reply.redirect(`/login?emailConfirmed=${confirmed ? 1 : 0}`, 302);
    },
  );

  app.get(
    '/api/account/resendEmailConfirmation',
    {
      config: { rateLimit: perAccountRateLimit(5, '15 minutes') },
      schema: {
        tags: ['auth'],
        querystring: z.object({ email: z.string().trim().toLowerCase().max(254).optional() }),
      },
    },
    async (request, reply) => {
      await auth.resendEmailConfirmation(ctx, getViewer(request), request.query.email);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/loginCode',
    { schema: { tags: ['auth'], response: { 200: loginCodeAnswer } } },
    async (request) => {
      const { code, expiresAt } = await auth.createLoginCode(ctx, getViewer(request));
      return { code, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/api/auth/autoLogin',
    {
      config: { public: true, rateLimit: formRateLimit },
      schema: { tags: ['auth'], body: autoLoginBody, response: { 200: account } },
    },
    (request) => auth.autoLogin(ctx, request.body.code, request.headers['user-agent']),
  );
}
