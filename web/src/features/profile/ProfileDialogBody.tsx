import type { UserProfile } from '@convene/contract';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import FacebookIcon from '@mui/icons-material/Facebook';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import { Box, Button, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BreakableText } from '../../components/BreakableText.tsx';
import { useSession } from '../auth/useSession.ts';
import { DetailRow, ProfileSection, SocialLink } from './ProfileDetails.tsx';
import { NotesEditor, NoteText } from './ProfileNotes.tsx';
import { phoneHref, profileSections } from './profileSections.ts';

interface ProfileDialogBodyProps {
  profile: UserProfile;
  isEditingNote: boolean;
  onToggleNote: () => void;
  onNoteDone: () => void;
}

/** What the meet-up form receives in its location state (spec: Meet passes the other user along). */
export interface MeetUserState {
  meetUser: { userId: string; name: string };
}

/** The profile dialog below the name: the three actions, then each section that has something to show. */
export function ProfileDialogBody({
  profile,
  isEditingNote,
  onToggleNote,
  onNoteDone,
}: ProfileDialogBodyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { account } = useSession();
  const sections = profileSections(profile);
  const canChat = account?.permissions.canCreateChat === true;
  const hasNothing = !sections.about && !sections.details && !sections.social && !sections.note;

  const handleChat = () => void navigate('/chat', { state: { userId: profile.userId } });
  const handleMeet = () => {
    const state: MeetUserState = { meetUser: { userId: profile.userId, name: profile.name } };
    void navigate('/event/create', { state });
  };

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {canChat ? (
          <Tooltip title={profile.isBlocked ? t('profile.dialog.blocked') : ''}>
            <Box
              component="span"
              tabIndex={profile.isBlocked ? 0 : undefined}
              sx={{ display: 'inline-flex' }}
            >
              <Button
                variant="contained"
                startIcon={<ChatOutlinedIcon />}
                onClick={handleChat}
                disabled={profile.isBlocked}
              >
                {t('profile.dialog.chat')}
              </Button>
            </Box>
          </Tooltip>
        ) : null}
        <Button variant="outlined" startIcon={<EventAvailableOutlinedIcon />} onClick={handleMeet}>
          {t('profile.dialog.meet')}
        </Button>
        <Button
          variant={isEditingNote ? 'contained' : 'outlined'}
          startIcon={<EditNoteOutlinedIcon />}
          onClick={onToggleNote}
          aria-pressed={isEditingNote}
        >
          {t('profile.dialog.notes')}
        </Button>
      </Stack>
      {profile.isBlocked && canChat ? (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: '8px !important' }}>
          {t('profile.dialog.blocked')}
        </Typography>
      ) : null}
      {isEditingNote || sections.note ? (
        <ProfileSection title={t('profile.dialog.notesTitle')}>
          {isEditingNote ? (
            <NotesEditor userId={profile.userId} note={profile.note} onDone={onNoteDone} />
          ) : (
            <NoteText note={profile.note} />
          )}
        </ProfileSection>
      ) : null}
      {sections.about ? (
        <ProfileSection title={t('profile.aboutMe')}>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {profile.description}
          </Typography>
        </ProfileSection>
      ) : null}
      {sections.details ? (
        <ProfileSection title={t('profile.dialog.userDetails')}>
          {sections.email && profile.email ? (
            <DetailRow icon={<MailOutlinedIcon />} label={t('profile.fields.email')}>
              <Link href={`mailto:${profile.email}`}>
                <BreakableText text={profile.email} />
              </Link>
            </DetailRow>
          ) : null}
          {sections.phone && profile.contact.phoneNumber ? (
            <DetailRow icon={<PhoneOutlinedIcon />} label={t('profile.fields.phone')}>
              <Link href={phoneHref(profile.contact.phoneNumber)}>
                <BreakableText text={profile.contact.phoneNumber} />
              </Link>
            </DetailRow>
          ) : null}
        </ProfileSection>
      ) : null}
      {sections.social ? (
        <ProfileSection title={t('profile.socialProfiles')}>
          {sections.linkedIn && profile.contact.linkedIn ? (
            <DetailRow icon={<LinkedInIcon />} label={t('profile.fields.linkedIn')}>
              <SocialLink url={profile.contact.linkedIn} />
            </DetailRow>
          ) : null}
          {sections.facebook && profile.contact.facebook ? (
            <DetailRow icon={<FacebookIcon />} label={t('profile.fields.facebook')}>
              <SocialLink url={profile.contact.facebook} />
            </DetailRow>
          ) : null}
        </ProfileSection>
      ) : null}
      {hasNothing && !isEditingNote ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('profile.dialog.nothingShared')}
        </Typography>
      ) : null}
    </Stack>
  );
}
