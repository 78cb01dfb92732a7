import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../src/db/connect.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite data dir; each suite opens its own copy. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL template database name, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | null;
  }
}

/** Migrates once into templates so each suite starts from a fresh, migrated database. */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now()}`;
  const templateFile = path.join(os.tmpdir(), `convene-pglite-template-${runId}.tar`);
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await fs.writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', templateFile);

  const url = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (url) {
    templateName = `convene_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const template = await openDatabase({ url: withDatabase(url, templateName) });
    await template.migrate();
    await template.close();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    await fs.rm(templateFile, { force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    }
  };
}

/** The same server url pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
