import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { nameStatements } from './namedStatements.ts';
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
  /** Bytes of WebAssembly memory the embedded database holds (PGlite only). */
  wasmMemoryBytes?(): number;
}

/** Where drizzle-kit writes the migrations that every start applies. */
export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * PostgreSQL settings for the embedded database, on top of PGlite's own (which already turn
 * fsync off and leave durability to its file system layer; WAL and commit settings are left as
 * they are). PGlite runs one backend in one process, so PostgreSQL's default 128 MB of shared
 * buffers, zeroed at every start, cost about 100 MB of resident memory and start time while
 * an instance of this size reads from the operating system's file cache just as well.
 */
export const pgliteSettings = ['-c', 'shared_buffers=32MB'];

/**
 * True when the newest migration in the folder is already recorded in the database, the test
 * drizzle's migrator makes before applying anything: on every start but the first after an
 * upgrade this one query replaces its schema and table creation and the reading and hashing of
 * every migration file. Any doubt (no table yet, an unreadable journal) answers false.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const journal = JSON.parse(
      await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: Array<{ when: number }>;
    };
    const newest = Math.max(...journal.entries.map((entry) => entry.when));
    const result = (await db.execute(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: Array<{ created_at: string | number }> };
    const applied = Number(result.rows[0]?.created_at ?? Number.NaN);
    return Number.isFinite(newest) && applied >= newest;
  } catch {
    return false;
  }
}

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
  /** PGlite's WebAssembly, already compiling (compilePgliteWasm); absent, PGlite compiles it. */
  pgliteWasm?: Promise<WebAssembly.Module>;
}

/** Opens the embedded or server database. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options);
}

/*
 * Each kind's driver is imported when that kind is opened: a server on PostgreSQL never loads
 * PGlite (its WebAssembly PostgreSQL), and the embedded one never loads pg.
 */

async function openPglite({ dataDir, loadDataDir, pgliteWasm }: OpenOptions): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    pgliteWasmModule: await pgliteWasm,
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings],
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      if (await migrationsApplied(db)) return;
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    close: () => client.close(),
    // PGlite keeps its Emscripten module private; its linear memory is the database's memory.
    wasmMemoryBytes: () =>
      (client as unknown as { mod?: { wasmMemory?: { buffer: ArrayBuffer } } }).mod?.wasmMemory?.buffer
        .byteLength ?? 0,
  };
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle connection that PostgreSQL closes (a restart, an outage) is an 'error' on the pool;
  // without a listener it would be thrown as an uncaught exception. The pool drops that
  // connection and opens a new one on the next query, so the server recovers by itself.
  pool.on('error', () => undefined);
  pool.on('connect', nameStatements);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      if (await migrationsApplied(db)) return;
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
