// A throw-away PostgreSQL database for the bench's memory measurement: created on the server of
// a given URL, dropped afterwards.
import { randomBytes } from 'node:crypto';

/** The URL to measure PostgreSQL mode with: BENCH_DATABASE_URL, else the local test server. */
export function memoryDatabaseUrl(env = process.env) {
  return env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

/**
 * Creates a fresh database `<prefix>_<random>` (default `convene_bench_rss_<random>`) on the server of `url`. Resolves to
 * { url, drop } or null when the server cannot be reached (the bench then skips PostgreSQL).
 */
export async function createFreshDatabase(url, prefix = 'convene_bench_rss') {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return { error: error.message };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const version = (await admin.query('SHOW server_version')).rows[0].server_version;
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    return {
      url: fresh.toString(),
      version,
      name,
      async drop() {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  } catch (error) {
    await admin.end().catch(() => undefined);
    throw error;
  }
}
