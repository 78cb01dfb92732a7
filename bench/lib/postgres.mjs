// Throw-away PostgreSQL databases for the benches (created on the server of a given URL,
// dropped afterwards), their migration, and seeded accounts with sessions.
import { createHash, randomBytes } from 'node:crypto';

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

/**
 * Builds the server if stale and applies its migrations to the database of `env.DATABASE_URL`
 * (`server/dist/main.js migrate`, output shown); throws when they fail.
 */
export async function migrateDatabase(root, env) {
  const [{ spawnSync }, { buildServerIfStale, serverArgs }] = await Promise.all([
    import('node:child_process'),
    import('../../scripts/lib/server-build.mjs'),
  ]);
  await buildServerIfStale(root);
  const migrated = spawnSync(process.execPath, serverArgs('migrate'), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (migrated.status !== 0) throw new Error('migrations failed');
}

/**
 * Inserts `count` active accounts, person n with the id md5(idPrefix || n), the name
 * `${name} ${n}` and the e-mail `${emailPrefix}${n}@bench.example`, each with one session
 * (id md5(sessionPrefix || n)) whose login token is tokenOf(n), stored hashed as the server does.
 */
export async function seedAccountsWithSessions(
  db,
  { count, idPrefix, sessionPrefix, name, emailPrefix, tokenOf },
) {
  await db.query(
    `INSERT INTO accounts (id, name, email, status)
     SELECT md5($2 || n), $3 || ' ' || n, $4 || n || '@bench.example', 'active'
     FROM generate_series(0, $1::int - 1) AS n`,
    [count, idPrefix, name, emailPrefix],
  );
  const hashes = Array.from({ length: count }, (_, n) =>
    createHash('sha256').update(tokenOf(n)).digest('hex'),
  );
  await db.query(
    `INSERT INTO sessions (id, account_id, token_hash)
     SELECT md5($3 || (n - 1)), md5($4 || (n - 1)), ($1::text[])[n] FROM generate_series(1, $2::int) AS n`,
    [hashes, count, sessionPrefix, idPrefix],
  );
}
