import type { Calendar } from '@convene/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import {
  type CalendarFormRules,
  type CheckedCalendarValues,
  createCalendarRequest,
  updateCalendarRequest,
} from './calendarForm.ts';
import {
  type CalendarSettingsChange,
  createCalendar,
  deleteCalendar,
  getCalendar,
  listMyCalendars,
  unshareCalendar,
  updateCalendar,
  updateCalendarSettings,
} from './calendarsApi.ts';

/** Puts a fresh calendar into its detail query and replaces it in the list (PRODUCT.md §1.4). */
export function storeCalendar(queryClient: QueryClient, calendar: Calendar): void {
  queryClient.setQueryData(queryKeys.calendar(calendar.calendarId), calendar);
  queryClient.setQueryData<Calendar[]>(queryKeys.calendarList, (list) =>
    list?.map((item) => (item.calendarId === calendar.calendarId ? calendar : item)),
  );
}

/** The viewer's calendars (refreshed by realtime calendar and calendarLink messages). */
export function useMyCalendars() {
  return useQuery({ queryKey: queryKeys.calendarList, queryFn: ({ signal }) => listMyCalendars(signal) });
}

/** One calendar; shown at once from the list while the fresh copy loads. */
export function useCalendar(calendarId: string, options: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.calendar(calendarId),
    queryFn: ({ signal }) => getCalendar(calendarId, signal),
    enabled: options.enabled ?? true,
    placeholderData: () =>
      queryClient
        .getQueryData<Calendar[]>(queryKeys.calendarList)
        ?.find((calendar) => calendar.calendarId === calendarId),
  });
}

/** Creates a calendar (calendarId null) or saves changes to one. */
export function useSaveCalendar(calendarId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, rules }: { values: CheckedCalendarValues; rules: CalendarFormRules }) =>
      calendarId
        ? updateCalendar(calendarId, updateCalendarRequest(values, rules))
        : createCalendar(createCalendarRequest(values)),
    onSuccess: (calendar) => {
      storeCalendar(queryClient, calendar);
      void queryClient.invalidateQueries({ queryKey: queryKeys.calendarList });
    },
  });
}

/** Saves one of the viewer's switches at once, showing it before the answer and undoing it on failure. */
export function useUpdateCalendarSettings(calendarId: string) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.calendar(calendarId);
  return useMutation({
    mutationFn: (change: CalendarSettingsChange) => updateCalendarSettings(calendarId, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Calendar>(queryKey);
      if (previous) {
        queryClient.setQueryData<Calendar>(queryKey, {
          ...previous,
          calendarSettings: { ...previous.calendarSettings, ...change },
        });
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (calendar) => storeCalendar(queryClient, calendar),
  });
}

/** The key of a running delete, so this tab can ignore the realtime news of its own deletion. */
export const deleteCalendarMutationKey = (calendarId: string) => ['deleteCalendar', calendarId] as const;

/** Deletes a calendar for good; the list forgets it at once. */
export function useDeleteCalendar(calendarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteCalendarMutationKey(calendarId),
    mutationFn: () => deleteCalendar(calendarId),
    onSuccess: () => {
      queryClient.setQueryData<Calendar[]>(queryKeys.calendarList, (list) =>
        list?.filter((calendar) => calendar.calendarId !== calendarId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.calendarList });
    },
  });
}

/** The key of a running leave, so this tab can ignore the realtime news of its own departure. */
export const leaveCalendarMutationKey = (calendarId: string) => ['leaveCalendar', calendarId] as const;

/** Leaves a calendar (the viewer's own membership ends); the list forgets it at once. */
export function useLeaveCalendar(calendarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: leaveCalendarMutationKey(calendarId),
    mutationFn: (ownMemberId: string) => unshareCalendar({ calendarId, memberId: ownMemberId }),
    onSuccess: () => {
      queryClient.setQueryData<Calendar[]>(queryKeys.calendarList, (list) =>
        list?.filter((calendar) => calendar.calendarId !== calendarId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.calendarList });
      // Agendas drop its events when next shown: refetching now would ask the calendar's own
      // Events tab, still on screen until /calendars opens, for what the viewer may no longer see.
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventLists, refetchType: 'none' });
    },
  });
}
