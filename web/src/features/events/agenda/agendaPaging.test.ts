import { describe, expect, it } from 'vitest';
import { buildAgendaEvent, buildAgendaPage } from '../agendaTestEvents.ts';
import {
  type AgendaPage,
  type AgendaParam,
  initialAgendaParam,
  mergeAgendaPages,
  nextAgendaParam,
  previousAgendaParam,
  startOfLocalDay,
  toBackwardPage,
  toForwardPage,
  toInitialPage,
} from './agendaPaging.ts';

const ids = (page: AgendaPage) => page.items.map((item) => item.eventId);

describe('agenda paging', () => {
  const initial = initialAgendaParam(new Date('2024-05-16T21:00:00.000Z'));

  it('starts both ways from one instant: older items first, then newer', () => {
    expect(initial).toEqual({ kind: 'initial', at: '2024-05-16T21:00:00.000Z' });
    const page = toInitialPage(buildAgendaPage('b', 50, 'back1'), buildAgendaPage('f', 50, 'fwd1'));
    expect(ids(page).slice(48, 52)).toEqual(['b48', 'b49', 'f0', 'f1']);
    expect(nextAgendaParam(page)).toEqual({ kind: 'forward', token: 'fwd1' });
    expect(previousAgendaParam(page, initial)).toEqual({
      kind: 'backward',
      token: 'back1',
      following: initial,
    });
  });

  it('ends backward paging at a page under 50 items, even if a token came with it', () => {
    const page = toInitialPage(buildAgendaPage('b', 49, 'back1'), buildAgendaPage('f', 3));
    expect(previousAgendaParam(page, initial)).toBeUndefined();
    expect(nextAgendaParam(page)).toBeUndefined();
  });

  it('follows forward tokens page after page', () => {
    const page = toForwardPage(buildAgendaPage('f', 50, 'fwd2'));
    expect(nextAgendaParam(page)).toEqual({ kind: 'forward', token: 'fwd2' });
    expect(previousAgendaParam(page, { kind: 'forward', token: 'fwd1' })).toBeUndefined();
    expect(nextAgendaParam(toForwardPage(buildAgendaPage('f', 10)))).toBeUndefined();
  });

  it('lets a refetch walk from the oldest page through every later one to the newest', () => {
    // Pages as the list loaded them: initial, then two older ones put before it, then a newer one.
    const first = toInitialPage(buildAgendaPage('b', 50, 'back1'), buildAgendaPage('f', 50, 'fwd1'));
    const older = previousAgendaParam(first, initial) as AgendaParam;
    const olderPage = toBackwardPage(
      buildAgendaPage('o', 50, 'back2'),
      (older as { following: AgendaParam }).following,
    );
    const oldest = previousAgendaParam(olderPage, older) as AgendaParam;
    const oldestPage = toBackwardPage(
      buildAgendaPage('x', 20),
      (oldest as { following: AgendaParam }).following,
    );
    expect(previousAgendaParam(oldestPage, oldest)).toBeUndefined();

    // A refetch starts at the first param and asks each page for the next one's.
    expect(nextAgendaParam(oldestPage)).toEqual(older);
    expect(nextAgendaParam(olderPage)).toEqual(initial);
    expect(nextAgendaParam(first)).toEqual({ kind: 'forward', token: 'fwd1' });
  });

  it('merges pages in order, each event once', () => {
    const pages: AgendaPage[] = [
      {
        items: [buildAgendaEvent({ eventId: 'a' }), buildAgendaEvent({ eventId: 'b' })],
        next: null,
        previousToken: null,
      },
      {
        items: [buildAgendaEvent({ eventId: 'b', name: 'copy' }), buildAgendaEvent({ eventId: 'c' })],
        next: null,
        previousToken: null,
      },
    ];
    const merged = mergeAgendaPages(pages);
    expect(merged.map((item) => item.eventId)).toEqual(['a', 'b', 'c']);
    expect(merged[1]?.name).toBe('Choir rehearsal');
    expect(mergeAgendaPages([])).toEqual([]);
  });

  it('reads from the start of the local day', () => {
    const start = startOfLocalDay(new Date(2024, 4, 17, 15, 30));
    expect(start).toEqual(new Date(2024, 4, 17));
  });
});
