import { limits } from '@convene/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { queryKeys } from '../../../api/queryKeys.ts';
import { type AgendaScope, listEvents } from '../eventsApi.ts';
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

/** Reads one page of the agenda for a param (the first load asks both ways at once). */
async function fetchAgendaPage(
  scope: AgendaScope,
  param: AgendaParam,
  signal: AbortSignal,
): Promise<AgendaPage> {
  const maxResults = limits.eventPage;
  if (param.kind === 'initial') {
    const [backward, forward] = await Promise.all([
      listEvents(scope, { timeMax: param.at, maxResults }, signal),
      listEvents(scope, { timeMin: param.at, maxResults }, signal),
    ]);
    return toInitialPage(backward, forward);
  }
  const page = await listEvents(scope, { pageToken: param.token, maxResults }, signal);
  return param.kind === 'forward' ? toForwardPage(page) : toBackwardPage(page, param.following);
}

/**
 * The agenda of all the viewer's calendars (calendarId null) or of one, searched by name:
 * first the days around the start of today, then older or newer pages on demand.
 */
export function useAgenda(calendarId: string | null, q: string) {
  // The first load reads from the start of the local day this list was opened on.
  const [initialParam] = useState(() => initialAgendaParam(startOfLocalDay(new Date())));
  const query = useInfiniteQuery({
    queryKey: queryKeys.eventList(calendarId, q),
    queryFn: ({ pageParam, signal }) => fetchAgendaPage({ calendarId, q }, pageParam, signal),
    initialPageParam: initialParam,
    getNextPageParam: nextAgendaParam,
    getPreviousPageParam: (firstPage, _pages, firstParam) => previousAgendaParam(firstPage, firstParam),
  });
  const pages = query.data?.pages;
  const events = useMemo(() => mergeAgendaPages(pages ?? []), [pages]);
  return { ...query, events };
}
