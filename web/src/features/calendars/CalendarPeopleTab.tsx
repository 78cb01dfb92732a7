import type { Calendar } from '@convene/contract';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Alert, Box, Button, Divider, Paper, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfiniteList } from '../../components/InfiniteList.tsx';
import { SearchBar } from '../../components/SearchBar.tsx';
import { useSession } from '../auth/useSession.ts';
import { useProfileDialog } from '../profile/index.ts';
import { personCardAction } from './calendarPeople.ts';
import { InviteDialog } from './InviteDialog.tsx';
import { memberActions, rolesToGive } from './memberActions.ts';
import { PersonActions } from './PersonActions.tsx';
import { PersonRow } from './PersonRow.tsx';
import { useCalendarPeople } from './useCalendarPeople.ts';
import { usePeopleActions } from './usePeopleActions.ts';

/**
 * The People tab: search, the people (30 a page), the invite button (canShare), and on each row the
 * actions the server allows the viewer (change role, remove, take an invitation back, ownership).
 */
export function CalendarPeopleTab({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation();
  const { account } = useSession();
  const profileDialog = useProfileDialog();
  const [search, setSearch] = useState('');
  const [isInviting, setIsInviting] = useState(false);
  const handleSearch = useCallback((value: string) => setSearch(value), []);
  const people = useCalendarPeople(calendar.calendarId, search);
  const { fetchNextPage } = people;
  const handleLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // The list follows every change of the calendar's people, an invitee's answer included, through
  // the calendarMembers realtime message (api/realtime.ts).
  const peopleActions = usePeopleActions(calendar.calendarId);

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: '1 1 240px' }}>
          <SearchBar onSearch={handleSearch} label={t('calendar.people.searchLabel')} />
        </Box>
        {calendar.abilities.share ? (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1OutlinedIcon />}
            onClick={() => setIsInviting(true)}
          >
            {t('calendar.people.invite')}
          </Button>
        ) : null}
      </Box>
      {people.isError && people.people.length === 0 ? (
        <Alert severity="error">{t('calendar.people.loadFailed')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
          {people.isPending ? null : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ py: 1 }} role="status">
                {search
                  ? t('calendar.people.found', { count: people.total })
                  : t('calendar.people.count', { count: people.total })}
              </Typography>
              <Divider />
            </>
          )}
          <InfiniteList
            items={people.people}
            getKey={(member) => member.memberId}
            renderItem={(member) => {
              const actions = memberActions(member, calendar, account?.userId ?? null);
              return (
                <PersonRow
                  member={member}
                  onOpen={
                    // Never one's own profile; an invitee by e-mail is told to be unregistered.
                    personCardAction(member, account?.userId ?? null) === 'none'
                      ? undefined
                      : () => profileDialog.open({ userId: member.userId })
                  }
                  actions={
                    actions.length > 0 ? (
                      <PersonActions
                        member={member}
                        actions={actions}
                        roles={rolesToGive(calendar.isOwner)}
                        onRun={peopleActions.mutateAsync}
                        isPending={
                          peopleActions.isPending &&
                          peopleActions.variables?.member.memberId === member.memberId
                        }
                      />
                    ) : calendar.abilities.share ? (
                      // Keeps the chips of rows without actions in line with the others.
                      <Box aria-hidden sx={{ width: 40, flexShrink: 0 }} />
                    ) : null
                  }
                />
              );
            }}
            hasMore={people.hasNextPage}
            isLoading={people.isPending}
            isLoadingMore={people.isFetchingNextPage}
            onLoadMore={handleLoadMore}
            emptyText={search ? t('calendar.people.noMatch', { query: search }) : t('calendar.people.empty')}
            label={t('calendar.people.listLabel', { name: calendar.name })}
          />
        </Paper>
      )}
      <InviteDialog calendar={calendar} open={isInviting} onClose={() => setIsInviting(false)} />
    </Box>
  );
}
