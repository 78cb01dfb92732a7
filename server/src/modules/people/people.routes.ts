import { userSearchAnswer, userSearchQuery } from '@convene/contract';
import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { accountFieldColumns } from '../../db/accountFields.ts';
import { accounts } from '../../db/schema/index.ts';
import { getViewer, perAccountRateLimit } from '../../platform/http.ts';
import { presentUser } from '../accounts/accounts.presenter.ts';
import { likePattern } from '../calendars/members.service.ts';

/** Person search for invitations: GET /api/user?searchString= (from 4 characters, up to 100). */
export function registerPeopleRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/user',
    {
      config: { rateLimit: perAccountRateLimit(120, '1 minute') },
      schema: { tags: ['people'], querystring: userSearchQuery, response: { 200: userSearchAnswer } },
    },
    async (request) => {
      const viewer = getViewer(request);
      const text = request.query.searchString.toLowerCase();
      const rows = await ctx.db
        .select(accountFieldColumns)
        .from(accounts)
        .where(
          and(
            ne(accounts.id, viewer.account.id),
            ne(accounts.status, 'deleted'),
            // Another person's address is found only by typing it whole, or when they made it
            // public, and only once confirmed: anyone can register with someone else's address.
            or(
              ilike(accounts.name, likePattern(text)),
              and(
                eq(accounts.status, 'active'),
                or(
                  eq(accounts.email, text),
                  and(eq(accounts.privacyEmail, true), ilike(accounts.email, likePattern(text))),
                ),
              ),
            ),
          ),
        )
        .orderBy(sql`lower(${accounts.name})`, asc(accounts.id))
        .limit(100);
      return rows.map((row) => {
        const seen = presentUser(viewer.account, row);
        // Whoever typed the whole address already knows it: answering it confirms the match.
        return {
          userId: seen.userId,
          name: seen.name,
          email: seen.email ?? (row.status === 'active' && row.email === text ? row.email : null),
          imageLink: seen.imageLink,
        };
      });
    },
  );
}
