import { type Event, type RsvpValue, rsvpLabelKeys, type UserEventStatus } from '@convene/contract';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Alert, Box, Button, ButtonBase, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfiniteList } from '../../../components/InfiniteList.tsx';
import { PersonCard } from '../../../components/PersonCard.tsx';
import { useSession } from '../../auth/useSession.ts';
import { useProfileDialog } from '../../profile/index.ts';
import { EventInviteDialog } from './EventInviteDialog.tsx';
import { attendeeCount, canInviteToEvent, othersByRsvp } from './eventDetails.ts';
import { useEventAttendees } from './useEventAttendees.ts';

const answerOrder: RsvpValue[] = ['attending', 'notAttending', 'pending', 'none'];

function AttendeeRow({ person, isMe }: { person: UserEventStatus; isMe: boolean }) {
  const { t } = useTranslation();
  const { open } = useProfileDialog();
  const answer = t(rsvpLabelKeys[person.statuses.rsvp]);
  const card = (
    <PersonCard
      name={person.name}
      imageLink={person.imageLink}
      subtitle={isMe ? `${t('eventDetails.attendees.you')} · ${answer}` : answer}
    />
  );
  if (isMe) return <Box sx={{ px: 1 }}>{card}</Box>;
  return (
    <ButtonBase
      onClick={() => open(person)}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        px: 1,
        borderRadius: 2,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      {card}
    </ButtonBase>
  );
}

/** Attendees (PRODUCT.md §2.2): how many, how the others answered, the people paged by name, and Invite. */
export function AttendeesSection({ event }: { event: Event }) {
  const { t } = useTranslation();
  const { account } = useSession();
  const [isInviting, setIsInviting] = useState(false);
  const attendees = useEventAttendees(event.eventId);
  const count = attendeeCount(event.rsvpsStatistics, event.userEventStatus !== null);
  const others = othersByRsvp(event.rsvpsStatistics, event.userEventStatus?.statuses.rsvp ?? null);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography aria-live="polite" sx={{ fontWeight: 600, flex: 1 }}>
          {t('eventDetails.attendees.count', { count })}
        </Typography>
        {canInviteToEvent(event) ? (
          <Button
            variant="contained"
            size="small"
            startIcon={<PersonAddAlt1OutlinedIcon />}
            onClick={() => setIsInviting(true)}
          >
            {t('eventDetails.attendees.invite')}
          </Button>
        ) : null}
      </Box>
      <Box
        component="ul"
        aria-label={t('eventDetails.attendees.answersLabel')}
        aria-live="polite"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0, mb: 1 }}
      >
        {answerOrder
          .filter((answer) => others[answer] > 0)
          .map((answer) => (
            <li key={answer}>
              <Chip
                size="small"
                variant="outlined"
                label={`${t(rsvpLabelKeys[answer])} · ${others[answer]}`}
              />
            </li>
          ))}
      </Box>
      {attendees.isError && attendees.attendees.length === 0 ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void attendees.refetch()}>
              {t('eventDetails.retry')}
            </Button>
          }
        >
          {t('eventDetails.attendees.loadFailed')}
        </Alert>
      ) : (
        <InfiniteList
          items={attendees.attendees}
          getKey={(person) => person.userEventStatusId}
          renderItem={(person) => <AttendeeRow person={person} isMe={person.userId === account?.userId} />}
          hasMore={attendees.hasNextPage}
          isLoading={attendees.isLoading}
          isLoadingMore={attendees.isFetchingNextPage}
          onLoadMore={() => void attendees.fetchNextPage()}
          emptyText={t('eventDetails.attendees.empty')}
          label={t('eventDetails.attendees.listLabel')}
        />
      )}
      {count === 0 && attendees.attendees.length > 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {t('eventDetails.attendees.empty')}
        </Typography>
      ) : null}
      <EventInviteDialog
        event={event}
        knownPeople={attendees.attendees}
        open={isInviting}
        onClose={() => setIsInviting(false)}
      />
    </Box>
  );
}
