import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { serverSecrets } from '../db/schema/index.ts';

/**
 * Returns the named secret, generating and storing it on first use. Concurrent first starts
 * agree on one value: the insert does nothing on conflict and everyone reads the winner. A
 * secret already stored (every start but the first) costs one read.
 */
export async function getOrCreateSecret(db: Db, name: string, generate: () => string): Promise<string> {
  const [existing] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (existing) return existing.value;
  await db.insert(serverSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}
