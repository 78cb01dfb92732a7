import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { liveStreamsJson } from './streams.presenter.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/**
 * A page of events reads its live streams through the partial index of live streams by event:
 * on PostgreSQL over 100,000 streams (all but 200 ended) of 20,000 events, a page of 50 events
 * touches only its own live rows, never the ended history.
 */
describe.skipIf(!testDatabases().includes('postgres'))('live streams query plan on postgres', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('postgres');
    const owner = await app.register({ name: 'Streamer' });
    const { db } = app.database;
    await db.execute(sql`
      INSERT INTO calendars (id, owner_id, name, default_permissions, settings)
      VALUES ('c0', ${owner.userId}, 'Streams',
        '{"canView":true,"canAdd":false,"canEdit":false,"canShare":true}',
        '{"enableETA":false,"enableNotices":true,"enableChatPushNotifications":true,"order":0}')`);
    await db.execute(sql`
      INSERT INTO events (id, calendar_id, owner_id, name, start_date, end_date, start_timezone, end_timezone,
        location, color_settings, extended_properties)
      SELECT 'e' || n, 'c0', ${owner.userId}, 'Event ' || n, timestamptz '2030-01-01', timestamptz '2030-01-01',
        'UTC', 'UTC', '{"name":null,"address":null,"coordinates":null,"radius":50,"autoAttendance":false}',
        '{"type":"dynamic","cardColor":"4256c1"}', '{"shouldHideDates":false,"shouldHideLocation":false}'
      FROM generate_series(1, 20000) AS n`);
    await db.execute(sql`
      INSERT INTO event_streams (id, event_id, event_key, user_id, name, status)
      SELECT md5('s' || n)::uuid, 'e' || (n % 20000 + 1), 'e' || (n % 20000 + 1), ${owner.userId}, 'Feed',
        CASE WHEN n % 500 = 0 THEN 'live' ELSE 'ended' END
      FROM generate_series(1, 100000) AS n`);
    await db.execute(sql`ANALYZE`);
  });
  afterAll(() => app.stop());

  it('reads a page’s live streams with the live-streams index, not a scan of every stream', async () => {
    const keys = Array.from({ length: 50 }, (_value, index) => `e${index * 10 + 1}`);
    const result = (await app.database.db.execute(
      sql`EXPLAIN (ANALYZE, FORMAT JSON) SELECT ${liveStreamsJson(keys)}`,
    )) as unknown as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> };
    const [row] = result.rows;
    if (!row) throw new Error('EXPLAIN answered nothing');
    const nodes = flatten((row['QUERY PLAN'][0] as { Plan: PlanNode }).Plan);
    expect(
      nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'event_streams'),
    ).toEqual([]);
    const scans = nodes.filter((node) => node['Relation Name'] === 'event_streams');
    expect(scans.map((node) => node['Index Name'])).toEqual(['event_streams_live_idx']);
    expect(scans[0]?.['Actual Rows']).toBeLessThanOrEqual(50);
  });
});
