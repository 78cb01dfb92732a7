import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../test/harness.ts';
import type { Database, Db } from './connect.ts';
import { maxNamedPerConnection, statementName } from './namedStatements.ts';
import { accounts } from './schema/index.ts';

/** The statements this connection holds prepared. */
async function preparedNames(tx: Db): Promise<string[]> {
  const result = (await tx.execute(sql`SELECT name FROM pg_prepared_statements`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  return result.rows.map((row) => row.name);
}

// PostgreSQL alone: PGlite is one connection in this process, with nothing to parse twice.
describe.skipIf(!testDatabases().includes('postgres'))('named statements on PostgreSQL', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  beforeAll(async () => {
    opened = await openTestDatabase('postgres');
    database = opened.database;
  });
  afterAll(async () => {
    await database.close();
    await opened.drop();
  });

  it('prepares a parameterised statement once per connection and runs it again by name', async () => {
    await database.db.transaction(async (tx) => {
      const find = () =>
        tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, 'x@example.com'));
      const text = find().toSQL().sql;
      expect(await find()).toEqual([]);
      expect(await find()).toEqual([]);
      await tx.execute(sql`SELECT 1 AS one`);
      const names = await preparedNames(tx);
      expect(names.filter((name) => name === statementName(text))).toHaveLength(1);
      // A statement without parameters is sent as a simple query, unnamed.
      expect(names).not.toContain(statementName('SELECT 1 AS one'));
    });
  });

  it('leaves a Submittable (a cursor, a stream) to run itself, unnamed', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      const query = new pg.Query('SELECT $1::int AS n', [7]);
      const rows: unknown[] = [];
      query.on('row', (row) => rows.push(row));
      await new Promise((resolve, reject) => {
        query.on('end', resolve);
        query.on('error', reject);
        client.query(query);
      });
      expect(rows).toEqual([{ n: 7 }]);
    } finally {
      client.release();
    }
  });

  it('stops naming new texts at its limit per connection, and every statement still answers', async () => {
    await database.db.transaction(async (tx) => {
      const count = maxNamedPerConnection + 20;
      for (let index = 0; index < count; index += 1) {
        const result = (await tx.execute(
          sql`SELECT ${index}::int + ${sql.raw(String(index))} AS n`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        };
        expect(result.rows[0]?.n).toBe(2 * index);
      }
      expect((await preparedNames(tx)).length).toBe(maxNamedPerConnection);
    });
  });
});
