import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../test/harness.ts';
import type { Database } from '../db/connect.ts';
import { sweepQuery } from './outbox.ts';
import { orderedClaimStatement } from './outboxLane.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

const delivered = 200_000;
const old = 5_000;
const backlog = 20_000;

/**
 * The outbox on PostgreSQL with a busy day in it — 200,000 rows delivered within the day, 5,000
 * delivered the day before and a backlog of 20,000 realtime rows — reads only the rows each
 * statement is about (row counts are exact; timings belong to `npm run bench`).
 */
describe.skipIf(!testDatabases().includes('postgres'))('outbox query plans on postgres', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  beforeAll(async () => {
    opened = await openTestDatabase('postgres');
    database = opened.database;
    const payload = sql`'{"userIds":["u1"],"message":"calendar","payload":{"calendarId":"c1","lastActionType":"update"}}'::jsonb`;
    await database.db.execute(sql`
      INSERT INTO outbox (kind, payload, attempts, run_at, done_at)
      SELECT CASE WHEN n % 10 = 0 THEN 'mail' ELSE 'realtime' END, ${payload}, 1,
        now() - n * interval '300 milliseconds', now() - n * interval '300 milliseconds'
      FROM generate_series(1, ${delivered}) AS n`);
    await database.db.execute(sql`
      INSERT INTO outbox (kind, payload, attempts, run_at, done_at)
      SELECT 'realtime', ${payload}, 1, now() - interval '25 hours' - n * interval '1 second',
        now() - interval '25 hours' - n * interval '1 second'
      FROM generate_series(1, ${old}) AS n`);
    await database.db.execute(sql`
      INSERT INTO outbox (kind, payload) SELECT 'realtime', ${payload} FROM generate_series(1, ${backlog})`);
    await database.db.execute(sql`ANALYZE outbox`);
  });
  afterAll(async () => {
    await database.close();
    await opened.drop();
  });

  /** The plan's nodes that read the outbox table. */
  async function outboxScans(statement: ReturnType<typeof sql>): Promise<PlanNode[]> {
    const result = (await database.db.execute(
      sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`,
    )) as unknown as {
      rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
    };
    const [row] = result.rows;
    if (!row) throw new Error('EXPLAIN answered nothing');
    return flatten((row['QUERY PLAN'][0] as { Plan: PlanNode }).Plan).filter(
      (node) => node['Relation Name'] === 'outbox' && node['Node Type'] !== 'ModifyTable',
    );
  }

  it('sweeps the rows delivered more than a day ago through the swept-rows index, not the whole day', async () => {
    const scans = await outboxScans(sweepQuery(database.db, new Date()).getSQL());
    expect(scans.map((node) => [node['Node Type'], node['Index Name']])).toEqual([
      ['Index Scan', 'outbox_swept_idx'],
    ]);
    expect(scans[0]?.['Actual Rows']).toBe(old);
    expect(scans[0]?.['Rows Removed by Filter'] ?? 0).toBe(0);
  });

  it('claims a round of a realtime backlog in the order recorded, reading that round alone', async () => {
    const scans = await outboxScans(orderedClaimStatement({ kinds: ['realtime'], batchSize: 500 }));
    // The subquery's ordered read of pending rows, then one look-up by id per claimed row.
    const pending = scans.find((node) => node['Index Name'] !== 'outbox_pkey');
    expect(pending?.['Index Name']).toBe('outbox_pending_order_idx');
    expect(pending?.['Actual Rows']).toBe(500);
    expect(scans.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    for (const node of scans) expect(node['Rows Removed by Filter'] ?? 0).toBe(0);
  });
});
