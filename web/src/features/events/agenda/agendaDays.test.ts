import { describe, expect, it } from 'vitest';
import {
  agendaRowAt,
  agendaRowOffsets,
  agendaStartRow,
  anchorShift,
  daysBetween,
  eventDay,
  toAgendaRows,
  todayIn,
} from './agendaDays.ts';

const timed = (eventId: string, startDate: string) => ({ eventId, startDate, isAllDay: false });
const allDay = (eventId: string, day: string) => ({
  eventId,
  startDate: `${day}T00:00:00.000Z`,
  isAllDay: true,
});

describe('agenda days', () => {
  it('puts a timed event on its start day in the viewer zone, an all-day one on its GMT day', () => {
    expect(eventDay(timed('a', '2024-05-16T22:30:00.000Z'), 'Europe/Bucharest')).toBe('2024-05-17');
    expect(eventDay(timed('a', '2024-05-16T22:30:00.000Z'), 'UTC')).toBe('2024-05-16');
    expect(eventDay(timed('a', '2024-05-17T02:00:00.000Z'), 'America/New_York')).toBe('2024-05-16');
    expect(eventDay(allDay('b', '2024-05-17'), 'America/New_York')).toBe('2024-05-17');
    expect(eventDay(allDay('b', '2024-05-17'), 'Pacific/Kiritimati')).toBe('2024-05-17');
  });

  it('knows today in a zone and counts days across months and DST', () => {
    expect(todayIn(new Date('2024-05-16T22:30:00.000Z'), 'Europe/Bucharest')).toBe('2024-05-17');
    expect(daysBetween('2024-05-17', '2024-05-18')).toBe(1);
    expect(daysBetween('2024-05-17', '2024-05-16')).toBe(-1);
    expect(daysBetween('2024-03-30', '2024-04-01')).toBe(2);
    expect(daysBetween('2024-10-26', '2024-10-28')).toBe(2);
  });

  it('groups by day in order with one header each, all-day events first', () => {
    // In New York an all-day event's GMT start sorts among the evening before.
    const events = [
      timed('m1', '2024-05-16T22:00:00.000Z'),
      allDay('t0', '2024-05-17'),
      timed('m2', '2024-05-17T01:00:00.000Z'),
      timed('t1', '2024-05-17T14:00:00.000Z'),
    ];
    const rows = toAgendaRows(events, 'America/New_York');
    expect(rows.map((row) => row.key)).toEqual(['day:2024-05-16', 'm1', 'm2', 'day:2024-05-17', 't0', 't1']);
    expect(rows[2]).toMatchObject({ type: 'event', day: '2024-05-16' });
    expect(toAgendaRows([], 'UTC')).toEqual([]);
  });

  it('lays rows out at 48 px per header and 112 + 24 px per event', () => {
    const rows = toAgendaRows(
      [timed('a', '2024-05-17T08:00:00Z'), timed('b', '2024-05-17T09:00:00Z')],
      'UTC',
    );
    expect(agendaRowOffsets(rows)).toEqual([0, 48, 184]);
    expect(agendaRowAt([0, 48, 184], 0)).toBe(0);
    expect(agendaRowAt([0, 48, 184], 100)).toBe(1);
    expect(agendaRowAt([0, 48, 184], 184)).toBe(2);
    expect(agendaRowAt([0, 48, 184], 5000)).toBe(2);
  });

  it('opens at today, else the next day with events, else the last row', () => {
    const rows = toAgendaRows(
      [timed('y', '2024-05-16T08:00:00Z'), timed('n', '2024-05-19T08:00:00Z')],
      'UTC',
    );
    expect(agendaStartRow(rows, '2024-05-16')).toBe(0);
    expect(agendaStartRow(rows, '2024-05-17')).toBe(2);
    expect(agendaStartRow(rows, '2024-05-20')).toBe(3);
    expect(agendaStartRow([], '2024-05-20')).toBe(0);
  });

  it('keeps the row at the top in place when older rows come in above it', () => {
    const before = toAgendaRows(
      [timed('a', '2024-05-17T08:00:00Z'), timed('b', '2024-05-17T09:00:00Z')],
      'UTC',
    );
    const after = toAgendaRows(
      [
        timed('o1', '2024-05-15T08:00:00Z'),
        timed('o2', '2024-05-17T07:00:00Z'),
        timed('a', '2024-05-17T08:00:00Z'),
        timed('b', '2024-05-17T09:00:00Z'),
      ],
      'UTC',
    );
    const layout = (rows: typeof before) => ({
      keys: rows.map((row) => row.key),
      offsets: agendaRowOffsets(rows),
    });
    // Looking at 'b' (offset 184, 20 px into it): it moved down by one header and two events.
    expect(anchorShift(layout(before), layout(after), 204)).toBe(48 + 136 * 2);
    expect(anchorShift(layout(before), layout(before), 204)).toBe(0);
    expect(anchorShift({ keys: [], offsets: [] }, layout(after), 0)).toBe(0);
    expect(anchorShift(layout(before), layout([]), 204)).toBe(0);
  });

  it('keeps the first event in place when older events of its day come in between it and its header', () => {
    const before = toAgendaRows([timed('a', '2024-05-17T08:00:00Z')], 'UTC');
    const after = toAgendaRows(
      [timed('o', '2024-05-17T07:00:00Z'), timed('a', '2024-05-17T08:00:00Z')],
      'UTC',
    );
    const layout = (rows: typeof before) => ({
      keys: rows.map((row) => row.key),
      offsets: agendaRowOffsets(rows),
    });
    expect(anchorShift(layout(before), layout(after), 0)).toBe(136);
    const onlyHeader = { keys: ['day:2024-05-17'], offsets: [0] };
    expect(anchorShift(onlyHeader, layout(after), 0)).toBe(0);
  });
});
