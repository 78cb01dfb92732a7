import { type AgendaItem, type AgendaItemPage, limits } from '@convene/contract';

/**
 * Where a page of the agenda comes from. The first load reads both ways from one instant; later
 * pages follow the API's tokens. A backward page remembers the param of the page it was put
 * before, so a refetch (which walks the pages forward from the first one) rebuilds the same list.
 */
export type AgendaParam =
  | { kind: 'initial'; at: string }
  | { kind: 'forward'; token: string }
  | { kind: 'backward'; token: string; following: AgendaParam };

/** One loaded page: ascending items, and how to go on from its ends. */
export interface AgendaPage {
  items: AgendaItem[];
  /** The param of the page after this one (newer events), if any. */
  next: AgendaParam | null;
  /** The token of the page before this one (older events), if any. */
  previousToken: string | null;
}

/** The param of the first load: forward and backward from the given instant. */
export function initialAgendaParam(at: Date): AgendaParam {
  return { kind: 'initial', at: at.toISOString() };
}

/** A backward page's token goes on only if the page was full (a short page is the oldest). */
function backwardToken(page: AgendaItemPage): string | null {
  return page.nextPageToken && page.items.length >= limits.eventPage ? page.nextPageToken : null;
}

/** The first page: the backward page ending at the instant, then the forward page from it. */
export function toInitialPage(backward: AgendaItemPage, forward: AgendaItemPage): AgendaPage {
  return {
    items: [...backward.items, ...forward.items],
    next: forward.nextPageToken ? { kind: 'forward', token: forward.nextPageToken } : null,
    previousToken: backwardToken(backward),
  };
}

/** A page read forward with a token. */
export function toForwardPage(page: AgendaItemPage): AgendaPage {
  return {
    items: page.items,
    next: page.nextPageToken ? { kind: 'forward', token: page.nextPageToken } : null,
    previousToken: null,
  };
}

/** A page read backward with a token; `following` is the param of the page after it. */
export function toBackwardPage(page: AgendaItemPage, following: AgendaParam): AgendaPage {
  return { items: page.items, next: following, previousToken: backwardToken(page) };
}

/** getNextPageParam: newer events after the last page. */
export function nextAgendaParam(lastPage: AgendaPage): AgendaParam | undefined {
  return lastPage.next ?? undefined;
}

/** getPreviousPageParam: older events before the first page (whose own param is given). */
export function previousAgendaParam(firstPage: AgendaPage, firstParam: AgendaParam): AgendaParam | undefined {
  return firstPage.previousToken
    ? { kind: 'backward', token: firstPage.previousToken, following: firstParam }
    : undefined;
}

/** Every loaded event in page order, each once (the first copy wins). */
export function mergeAgendaPages(pages: readonly AgendaPage[]): AgendaItem[] {
  const seen = new Set<string>();
  const events: AgendaItem[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.eventId)) continue;
      seen.add(item.eventId);
      events.push(item);
    }
  }
  return events;
}

/** The start of the local day of an instant (the agenda's first load reads both ways from it). */
export function startOfLocalDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}
