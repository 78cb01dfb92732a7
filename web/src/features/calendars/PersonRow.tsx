import type { CalendarMember } from '@convene/contract';
import { Box, ButtonBase, Chip, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonCard } from '../../components/PersonCard.tsx';
import { isInvitationPending, roleLabelKey } from './calendarPeople.ts';

interface PersonRowProps {
  member: CalendarMember;
  /** Called when the card is clicked; without it the card is not a button. */
  onOpen?: () => void;
  /** The row's actions button, beside the card (never inside its button). */
  actions?: ReactNode;
}

/** The state chips of a person: 'Invitation Sent' while not confirmed, 'Ownership offered' while an offer waits. */
function StateChips({ member, isNarrow }: { member: CalendarMember; isNarrow: boolean }) {
  const { t } = useTranslation();
  const isPending = isInvitationPending(member);
  if (!isPending && !member.ownershipOffered) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 0.5,
        flexWrap: 'wrap',
        flexShrink: 0,
        // On a phone they go under the name (aligned with it), which keeps the whole width.
        ...(isNarrow ? { pl: 7, mt: -1, pb: 1.5 } : { justifyContent: 'flex-end' }),
      }}
    >
      {isPending ? (
        <Chip size="small" label={t('calendar.people.invitationSent')} color="warning" variant="outlined" />
      ) : null}
      {member.ownershipOffered ? (
        <Chip size="small" label={t('calendar.people.ownershipOffered')} color="info" variant="outlined" />
      ) : null}
    </Box>
  );
}

/** A person of a calendar: name, image, role label, state chips and, for a sharer, an actions button. */
export function PersonRow({ member, onOpen, actions }: PersonRowProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const chips = <StateChips member={member} isNarrow={isNarrow} />;
  const card = (
    <>
      <PersonCard
        name={member.name}
        imageLink={member.imageLink}
        subtitle={t(roleLabelKey(member))}
        action={isNarrow ? undefined : chips}
      />
      {isNarrow ? chips : null}
    </>
  );
  const main = onOpen ? (
    <ButtonBase
      onClick={onOpen}
      // Named by what it shows (name, role, states), so the spoken name matches the visible one
      // (WCAG 2.5.3); it opens the person's profile in a dialog.
      aria-haspopup="dialog"
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        borderRadius: 2,
        px: 1,
        mx: -1,
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { bgcolor: 'action.focus' },
      }}
    >
      {card}
    </ButtonBase>
  ) : (
    card
  );
  if (!actions) return main;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{main}</Box>
      {actions}
    </Box>
  );
}
