import type { CalendarMember } from '@convene/contract';
import { ButtonBase, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PersonCard } from '../../components/PersonCard.tsx';
import { isInvitationPending, roleLabelKey } from './calendarPeople.ts';

interface PersonRowProps {
  member: CalendarMember;
  /** Called when the card is clicked; without it the card is not a button. */
  onOpen?: () => void;
}

/** A person of a calendar: name, image, role label and 'Invitation Sent' while not confirmed. */
export function PersonRow({ member, onOpen }: PersonRowProps) {
  const { t } = useTranslation();
  const card = (
    <PersonCard
      name={member.name}
      imageLink={member.imageLink}
      subtitle={t(roleLabelKey(member))}
      action={
        isInvitationPending(member) ? (
          <Chip size="small" label={t('calendar.people.invitationSent')} color="warning" variant="outlined" />
        ) : undefined
      }
    />
  );
  if (!onOpen) return card;
  return (
    <ButtonBase
      onClick={onOpen}
      // Named by what it shows (name, role, invitation state), so the spoken name matches the
      // visible one (WCAG 2.5.3); it opens the person's profile in a dialog.
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
  );
}
