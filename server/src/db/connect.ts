import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The database handle every service takes; a transaction handle has the same type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the embedded PGlite or a PostgreSQL pool, same schema and SQL. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Where drizzle-kit writes the migrations that every start applies. */
export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** Lock id that serialises concurrent migrators on one PostgreSQL database. */
const migrationLockId = 723_114_001;

/** Options for opening the database. */
export interface OpenOptions {
  /** postgres://… → PostgreSQL; absent → embedded PGlite. */
  url?: string;
  /** PGlite data directory; absent with no url → in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests' migrated template). */
  loadDataDir?: Blob;
}

/** Opens the embedded or server database. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
