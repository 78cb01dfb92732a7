import { describe, expect, it } from 'vitest';
import { agendaFocusRow, nextEventRow } from './agendaDays.ts';

const day = (d: string) => ({ type: 'day' as const, day: d });
const event = (d: string) => ({ type: 'event' as const, day: d });

describe('agendaFocusRow (where Tab enters the agenda)', () => {
  const rows = [
    day('2024-05-10'),
    event('2024-05-10'),
    day('2024-05-16'),
    event('2024-05-16'),
    event('2024-05-16'),
  ];

  it("is today's first event, not the oldest loaded one", () => {
    expect(agendaFocusRow(rows, '2024-05-16')).toBe(3);
  });
  it('is the next day with events when today has none, and the last event when all are past', () => {
    expect(agendaFocusRow(rows, '2024-05-12')).toBe(3);
    expect(agendaFocusRow(rows, '2024-06-01')).toBe(4);
  });
  it('is -1 without events', () => {
    expect(agendaFocusRow([day('2024-05-10')], '2024-05-10')).toBe(-1);
  });
});

describe('nextEventRow (arrow keys)', () => {
  const rows = [day('a'), event('a'), day('b'), event('b')];
  it('skips day headers and stops at the ends', () => {
    expect(nextEventRow(rows, 1, 1)).toBe(3);
    expect(nextEventRow(rows, 3, -1)).toBe(1);
    expect(nextEventRow(rows, 3, 1)).toBe(-1);
    expect(nextEventRow(rows, 1, -1)).toBe(-1);
  });
});
