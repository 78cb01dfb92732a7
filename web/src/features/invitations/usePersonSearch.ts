import { limits } from '@convene/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { toSearchQuery } from '../../components/searchQuery.ts';
import { useDebouncedValue } from '../../components/useDebouncedValue.ts';
import { useSession } from '../auth/useSession.ts';
import { searchUsers } from './invitationsApi.ts';
import {
  type FoundUser,
  type InviteState,
  type InviteTarget,
  inviteDialogState,
  inviteTarget,
  type KnownPerson,
} from './inviteDialogState.ts';

/** The person search of an invite dialog: its text, the choice, its state and who Confirm would invite. */
export interface PersonSearch {
  text: string;
  state: InviteState;
  /** Who Confirm would invite, or null while nobody (new) is chosen and no (new) address is typed. */
  target: InviteTarget | null;
  /** The search answered with an error (shown instead of the results). */
  searchFailed: boolean;
  changeText: (value: string) => void;
  select: (user: FoundUser | null) => void;
}

/**
 * Searches people by name or e-mail for an invitation (PRODUCT.md §1.4/§1.5): from 4 characters,
 * 500 ms after the last key; typing again drops the choice made. `knownPeople` are those invited
 * already, told apart before Confirm.
 */
export function usePersonSearch(knownPeople: readonly KnownPerson[]): PersonSearch {
  const { account } = useSession();
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<FoundUser | null>(null);
  const debouncedQuery = useDebouncedValue(
    toSearchQuery(text, limits.searchMinChars),
    limits.searchDebounceMs,
  );
  const search = useQuery({
    queryKey: queryKeys.userSearch(debouncedQuery),
    queryFn: ({ signal }) => searchUsers(debouncedQuery, signal),
    enabled: debouncedQuery !== '',
    staleTime: 30_000,
  });
  const state = inviteDialogState({
    text,
    debouncedQuery,
    isFetching: search.isFetching,
    results: search.data,
    selected,
    ownEmail: account?.email ?? null,
    knownPeople,
  });
  return {
    text,
    state,
    target: inviteTarget(state),
    searchFailed: search.isError && !search.isFetching && state.kind === 'fetching',
    changeText: (value) => {
      setText(value);
      setSelected(null);
    },
    select: setSelected,
  };
}
