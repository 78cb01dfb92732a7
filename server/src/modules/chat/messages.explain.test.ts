import type { ChatMessage } from '@convene/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { insertGroup } from '../../../test/chatFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { messagePageQuery } from './messages.service.ts';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/**
 * A page of messages in a conversation of 100,000 is one index range read of 20 rows at any
 * depth (row counts are exact; timings belong to `npm run bench`).
 */
describe.skipIf(!testDatabases().includes('postgres'))('message pages on postgres', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<TestApp['register']>>;
  let conversationId: string;
  beforeAll(async () => {
    app = await createTestApp('postgres');
    owner = await app.register({ name: 'Deep Talker' });
    const { db } = app.database;
    conversationId = await insertGroup(db, [{ user: owner, role: 'owner' }]);
    const other = await insertGroup(db, [{ user: owner, role: 'owner' }]);
    for (const id of [conversationId, other]) {
      await db.execute(sql`
        INSERT INTO messages (id, conversation_id, seq, sender_id, type, message)
        SELECT md5(${id} || n), ${id}, n, ${owner.userId}, 'message', 'Message ' || n
        FROM generate_series(1, 100000) AS n`);
      await db.execute(sql`UPDATE conversations SET last_seq = 100000 WHERE id = ${id}`);
    }
    await db.execute(sql`ANALYZE`);
  });
  afterAll(() => app.stop());
  const call = testCaller(() => app);

  it.each([0, 50_000, 99_980])(
    'reads the page %i deep with one index range scan of 20 rows',
    async (skip) => {
      const page = (
        await call('GET', `/api/conversations/${conversationId}/messages?skip=${skip}&from=100000`, owner)
      ).json() as ChatMessage[];
      expect(page.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 100_000 - skip - i));
      const result = (await app.database.db.execute(
        sql`EXPLAIN (ANALYZE, FORMAT JSON) ${messagePageQuery(app.database.db, conversationId, 100_000 - skip, 20).getSQL()}`,
      )) as unknown as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> };
      const [row] = result.rows;
      if (!row) throw new Error('EXPLAIN answered nothing');
      const nodes = flatten((row['QUERY PLAN'][0] as { Plan: PlanNode }).Plan);
      const scans = nodes.filter((node) => node['Index Name'] === 'messages_conversation_seq_key');
      expect(scans).toHaveLength(1);
      expect(scans[0]?.['Actual Rows']).toBe(20);
      expect(nodes.some((node) => node['Node Type'] === 'Seq Scan' && node['Actual Rows'] > 100)).toBe(false);
    },
  );
});
