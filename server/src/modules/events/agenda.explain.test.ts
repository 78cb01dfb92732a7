import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import type { AgendaCursor } from './agenda.cursor.ts';
import { type AgendaFilter, candidatesQuery, seriesQueries, singleEventsQuery } from './agenda.sql.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/**
 * The agenda's plans on PostgreSQL over 200,000 events in 2,020 calendars: every read of the
 * events is an index range scan that stops after one page per calendar, so a page costs the
 * same with ten events or ten million (timings are for `npm run bench`; row counts are exact).
 */
describe.skipIf(!testDatabases().includes('postgres'))('agenda query plans on postgres', () => {
  let app: TestApp;
  let viewerCalendars: string[];
  beforeAll(async () => {
    app = await createTestApp('postgres');
    const owner = await app.register({ name: 'Planner' });
    const { db } = app.database;
    await db.execute(sql`
      INSERT INTO calendars (id, owner_id, name, default_permissions, settings)
      SELECT md5('cal' || n), ${owner.userId}, 'Calendar ' || n,
        '{"canView":true,"canAdd":false,"canEdit":false,"canShare":true}',
        '{"enableETA":false,"enableNotices":true,"enableChatPushNotifications":true,"order":0}'
      FROM generate_series(1, 2020) AS n`);
    await db.execute(sql`
      INSERT INTO events (id, calendar_id, owner_id, name, start_date, end_date, start_timezone, end_timezone,
        location, color_settings, extended_properties, repeating_rule, series_until)
      SELECT md5('ev' || n), md5('cal' || (n % 2020 + 1)), ${owner.userId}, 'Event ' || n,
        timestamptz '2030-01-01' + (n % 5000) * interval '37 minutes',
        timestamptz '2030-01-01' + (n % 5000) * interval '37 minutes' + interval '1 hour',
        'Europe/Bucharest', 'Europe/Bucharest',
        '{"name":null,"address":null,"coordinates":null,"radius":50,"autoAttendance":false}',
        '{"type":"dynamic","cardColor":"4256c1"}', '{"shouldHideDates":false,"shouldHideLocation":false}',
        CASE WHEN n % 10 = 0 THEN 'FREQ=WEEKLY' END, NULL
      FROM generate_series(1, 200000) AS n`);
    await db.execute(sql`
      INSERT INTO user_event_statuses (id, event_id, user_id, email, name, link_calendar_id, event_start,
        event_is_series, shared_at)
      SELECT md5('rsvp' || n), e.id, ${owner.userId}, 'p' || n || '@example.com', 'P', md5('cal1'),
        e.start_date, e.repeating_rule IS NOT NULL, now()
      FROM generate_series(1, 2000) AS n JOIN events e ON e.id = md5('ev' || (n * 7))`);
    await db.execute(sql`ANALYZE`);
    viewerCalendars = Array.from({ length: 20 }, (_, index) => index + 1).map((n) => md5Hex(`cal${n}`));
  });
  afterAll(() => app.stop());

  async function plan(query: SQL): Promise<PlanNode[]> {
    const result = (await app.database.db.execute(
      sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`,
    )) as unknown as {
      rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
    };
    const [row] = result.rows;
    if (!row) throw new Error('EXPLAIN answered nothing');
    return flatten((row['QUERY PLAN'][0] as { Plan: PlanNode }).Plan);
  }
  const filter = (): AgendaFilter => ({
    calendars: sql`SELECT c.id FROM calendars c WHERE c.id IN (${sql.join(
      viewerCalendars.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    bound: null,
    showDeleted: false,
    limit: 51,
  });

  it.each<[string, AgendaCursor]>([
    ['forward', { direction: 'forward', start: new Date('2030-02-01T00:00:00Z'), key: '' }],
    ['backward', { direction: 'backward', start: new Date('2030-03-01T00:00:00Z'), key: 'f'.repeat(32) }],
  ])('pages single events %s with one bounded index range scan per calendar', async (_label, cursor) => {
    const nodes = await plan(singleEventsQuery(cursor, filter()));
    expect(
      nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'events'),
    ).toEqual([]);
    const scans = nodes.filter((node) => node['Index Name'] === 'events_calendar_start_idx');
    expect(scans).toHaveLength(1);
    expect(scans[0]?.['Actual Loops']).toBe(20);
    // Rows per loop: at most one page (the scan stops at the LIMIT).
    expect(scans[0]?.['Actual Rows']).toBeLessThanOrEqual(51);
    const links = nodes.filter((node) => node['Index Name'] === 'user_event_statuses_link_start_idx');
    expect(links).toHaveLength(1);
    expect(links[0]?.['Actual Rows']).toBeLessThanOrEqual(51);
  });

  it('finds a page’s series through the series index, never a scan of all events', async () => {
    const cursor: AgendaCursor = { direction: 'forward', start: new Date('2030-02-01T00:00:00Z'), key: '' };
    const [own, linked] = seriesQueries(cursor, filter());
    for (const query of [own, linked]) {
      const nodes = await plan(sql`${query}`);
      expect(
        nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'events'),
      ).toEqual([]);
    }
    const ownNodes = await plan(sql`${own}`);
    expect(ownNodes.some((node) => node['Index Name'] === 'events_calendar_series_idx')).toBe(true);
  });

  it('reads a whole page’s candidates in one statement without a scan of all events', async () => {
    const cursor: AgendaCursor = { direction: 'forward', start: new Date('2030-02-01T00:00:00Z'), key: '' };
    const nodes = await plan(candidatesQuery(cursor, filter()));
    expect(
      nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'events'),
    ).toEqual([]);
    expect(nodes.some((node) => node['Index Name'] === 'events_calendar_start_idx')).toBe(true);
    expect(nodes.some((node) => node['Index Name'] === 'events_calendar_series_idx')).toBe(true);
  });
});

/** md5 as PostgreSQL computes it, for the fixture's calendar ids. */
function md5Hex(text: string): string {
  return createHash('md5').update(text).digest('hex');
}
