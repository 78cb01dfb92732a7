import { createHash } from 'node:crypto';
import type { PoolClient, QueryConfig } from 'pg';

/**
 * Statements one connection keeps prepared at most; a text beyond them is sent unnamed, as
 * before. Our queries have a few hundred shapes (a list of ids makes one per length).
 */
export const maxNamedPerConnection = 500;

/** Names already computed, by statement text (bounded: cleared when full). */
const nameByText = new Map<string, string>();

/** A statement's name: a digest of its text, so the same text has the same name everywhere. */
export function statementName(text: string): string {
  let name = nameByText.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    if (nameByText.size >= 5000) nameByText.clear();
    nameByText.set(text, name);
  }
  return name;
}

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes each parameterised statement a named prepared statement on this connection: PostgreSQL
 * parses and plans it once per connection (and, after five runs, keeps a generic plan when that
 * costs no more) instead of on every request. Under load, planning was about as much of the
 * database's time as running the statements (docs/PERFORMANCE.md, the load test). Statements
 * without parameters (BEGIN, COMMIT, migrations), ones named already and Submittables are left
 * as they are.
 *
 * A pooler between the server and PostgreSQL must keep prepared statements per client (PgBouncer
 * 1.21+ with max_prepared_statements in transaction mode; docs/DEPLOY.md).
 */
export function nameStatements(client: PoolClient): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as QueryFunction;
  const naming: QueryFunction = (config, values, callback) => {
    if (
      typeof config === 'object' &&
      config !== null &&
      // A Submittable (a cursor, a stream) runs itself: copying it would lose its methods.
      typeof (config as { submit?: unknown }).submit !== 'function' &&
      !(config as QueryConfig).name &&
      typeof (config as QueryConfig).text === 'string' &&
      Array.isArray(values ?? (config as QueryConfig).values) &&
      ((values ?? (config as QueryConfig).values) as unknown[]).length > 0
    ) {
      const name = statementName((config as QueryConfig).text);
      if (named.has(name) || named.size < maxNamedPerConnection) {
        named.add(name);
        return query({ ...(config as QueryConfig), name }, values, callback);
      }
    }
    return query(config, values, callback);
  };
  client.query = naming as PoolClient['query'];
}
