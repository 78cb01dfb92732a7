import type { AssignableCalendarRole, CalendarMember, calendarUsers } from '@convene/contract';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { cancelOwnershipOffer, changeMemberRole, offerOwnership, unshareCalendar } from './calendarsApi.ts';
import { memberDisplayName, peopleActionErrorKey } from './memberActions.ts';

type PeoplePage = Answer<typeof calendarUsers>;
type PeoplePages = InfiniteData<PeoplePage, number>;

/** Applies a change to every loaded page (and search) of a calendar's people. */
function updatePeople(
  queryClient: QueryClient,
  calendarId: string,
  change: (page: PeoplePage) => PeoplePage,
): void {
  queryClient.setQueriesData<PeoplePages>({ queryKey: queryKeys.calendarPeople(calendarId) }, (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
}

/** A running People action: which person, and what it does. */
export type PeopleMutation =
  | { kind: 'changeRole'; member: CalendarMember; role: AssignableCalendarRole }
  | { kind: 'remove' | 'offerOwnership' | 'cancelOwnershipOffer'; member: CalendarMember };

/** Sends the action; a role change or an offer answers with the member as they are now. */
async function runPeopleMutation(
  calendarId: string,
  mutation: PeopleMutation,
): Promise<CalendarMember | null> {
  const { member } = mutation;
  switch (mutation.kind) {
    case 'changeRole':
      return changeMemberRole(member.memberId, { calendarId, role: mutation.role });
    case 'remove':
      await unshareCalendar({ calendarId, memberId: member.memberId });
      return null;
    case 'offerOwnership':
      return offerOwnership(calendarId, member.memberId);
    case 'cancelOwnershipOffer':
      await cancelOwnershipOffer(calendarId);
      return null;
  }
}

/**
 * The People tab's actions on a person: change role, remove (or take an invitation back), offer
 * ownership and take the offer back. A removed row leaves the list at once; every answer refetches
 * the people and the calendar (its count, the viewer's abilities); success and failure are said in
 * the snackbar.
 */
export function usePeopleActions(calendarId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { showSnackbar } = useSnackbar();

  const successText = (mutation: PeopleMutation): string => {
    const name = memberDisplayName(mutation.member);
    switch (mutation.kind) {
      case 'changeRole':
        return t('calendar.people.done.changeRole', { name, role: t(`calendar.roles.${mutation.role}`) });
      case 'remove':
        return mutation.member.isConfirmed
          ? t('calendar.people.done.remove', { name })
          : t('calendar.people.done.cancelInvitation', { name });
      case 'offerOwnership':
        return t('calendar.people.done.offerOwnership', { name });
      case 'cancelOwnershipOffer':
        return t('calendar.people.done.cancelOwnershipOffer', { name });
    }
  };

  return useMutation({
    mutationFn: (mutation: PeopleMutation) => runPeopleMutation(calendarId, mutation),
    onMutate: async (mutation) => {
      if (mutation.kind !== 'remove') return;
      await queryClient.cancelQueries({ queryKey: queryKeys.calendarPeople(calendarId) });
      updatePeople(queryClient, calendarId, (page) => {
        const users = page.users.filter((user) => user.memberId !== mutation.member.memberId);
        const removed = page.users.length - users.length;
        return { users, totalNumberOfUsers: Math.max(0, page.totalNumberOfUsers - (removed > 0 ? 1 : 0)) };
      });
    },
    onSuccess: (updated, mutation) => {
      if (updated) {
        updatePeople(queryClient, calendarId, (page) => ({
          ...page,
          users: page.users.map((user) => (user.memberId === updated.memberId ? updated : user)),
        }));
      }
      showSnackbar(successText(mutation), { severity: 'success' });
    },
    onError: (error) => showSnackbar(t(peopleActionErrorKey(error)), { severity: 'error' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.calendarPeople(calendarId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.calendar(calendarId) }),
      ]),
  });
}
