import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import { migrationsApplied, openDatabase } from './connect.ts';
import { compilePgliteWasm } from './pgliteWasm.ts';

describe('the embedded database', () => {
  it('runs with small shared buffers, and a start with nothing to migrate skips the migrator', async () => {
    const { database, drop } = await openTestDatabase('pglite');
    try {
      const settings = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: Array<{ shared_buffers: string }>;
      };
      expect(settings.rows[0]?.shared_buffers).toBe('32MB');
      expect(database.wasmMemoryBytes?.()).toBeGreaterThan(0);

      // The template is migrated: a start finds nothing to do.
      expect(await migrationsApplied(database.db)).toBe(true);
      await database.migrate();

      // Without the newest migration's record the check answers false, so the migrator runs.
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await migrationsApplied(database.db)).toBe(false);
      await database.db.execute(sql`drop table drizzle.__drizzle_migrations`);
      expect(await migrationsApplied(database.db)).toBe(false);
    } finally {
      await drop();
    }
  });

  it('opens with its WebAssembly compiled beforehand, as a start does', async () => {
    const pgliteWasm = compilePgliteWasm();
    const database = await openDatabase({ pgliteWasm });
    try {
      const result = (await database.db.execute(sql`select 1 + 1 as two`)) as unknown as {
        rows: Array<{ two: number }>;
      };
      expect(result.rows[0]?.two).toBe(2);
    } finally {
      await database.close();
    }
    // The module given is the one PGlite uses: a failed compilation fails the open.
    await expect(openDatabase({ pgliteWasm: Promise.reject(new Error('no wasm')) })).rejects.toThrow(
      'no wasm',
    );
  });
});
