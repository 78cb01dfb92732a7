import { layout } from '@convene/contract';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FacebookIcon from '@mui/icons-material/Facebook';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import LogoutIcon from '@mui/icons-material/Logout';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PublicIcon from '@mui/icons-material/Public';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BreakableText } from '../../components/BreakableText.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSession } from '../auth/useSession.ts';
import { EmailVerificationNotice } from './EmailVerificationNotice.tsx';
import { DetailRow, ProfileAvatar, ProfileSection, SocialLink } from './ProfileDetails.tsx';
import { phoneHref } from './profileSections.ts';
import { SessionsSection } from './SessionsSection.tsx';

/** Whether others see a detail: said in words and with an icon, never by colour alone. */
function VisibilityChip({ isVisible }: { isVisible: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={isVisible ? <PublicIcon /> : <VisibilityOffOutlinedIcon />}
      label={isVisible ? t('profile.visibleToOthers') : t('profile.onlyYou')}
      sx={{ flexShrink: 0 }}
    />
  );
}

function NotAdded() {
  const { t } = useTranslation();
  return <Typography color="text.secondary">{t('profile.notAdded')}</Typography>;
}

/** /profile: the signed-in user's profile as they filled it, with who sees what; edit and logout. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const { account, signOut } = useSession();
  const [isLeaving, setIsLeaving] = useState(false);
  usePageTitle(t('pages.profile'));

  // Signed out, the route guard sends the user on to /login (they have an account).
  const handleLogout = () => {
    setIsLeaving(true);
    void signOut();
  };

  if (!account) return null;
  const { contact, privacy } = account;
  return (
    <Box sx={{ maxWidth: 720, pb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {t('pages.profile')}
        </Typography>
        <Button
          component={RouterLink}
          to="/profile/edit"
          variant="contained"
          startIcon={<EditOutlinedIcon />}
        >
          {t('profile.editButton')}
        </Button>
      </Box>
      <Stack spacing={2} sx={{ mb: 3 }}>
        {account.hasUpdatedProfile ? null : (
          <Alert
            severity="warning"
            sx={{ borderLeft: `4px solid ${layout.profileDotColor}`, alignItems: 'center' }}
            action={
              <Button component={RouterLink} to="/profile/edit" color="inherit" size="small">
                {t('profile.incompleteAction')}
              </Button>
            }
          >
            {t('profile.incomplete')}
          </Alert>
        )}
        <EmailVerificationNotice />
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
          <ProfileAvatar name={account.name} imageLink={account.imageLink} size={96} />
          <Box sx={{ flex: 1, minWidth: 180 }}>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {account.name}
            </Typography>
          </Box>
        </Box>
        <Divider sx={{ my: 3 }} />
        <Stack spacing={3}>
          <ProfileSection title={t('profile.aboutMe')}>
            {account.description ? (
              <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {account.description}
              </Typography>
            ) : (
              <Typography color="text.secondary">{t('profile.aboutMeEmpty')}</Typography>
            )}
          </ProfileSection>
          <ProfileSection title={t('profile.contactDetails')}>
            <DetailRow
              icon={<MailOutlinedIcon />}
              label={t('profile.fields.email')}
              trailing={<VisibilityChip isVisible={privacy.email} />}
            >
              <Typography>
                <BreakableText text={account.email} />
              </Typography>
            </DetailRow>
            <DetailRow
              icon={<PhoneOutlinedIcon />}
              label={t('profile.fields.phone')}
              trailing={contact.phoneNumber ? <VisibilityChip isVisible={privacy.phoneNumber} /> : null}
            >
              {contact.phoneNumber ? (
                <Link href={phoneHref(contact.phoneNumber)}>
                  <BreakableText text={contact.phoneNumber} />
                </Link>
              ) : (
                <NotAdded />
              )}
            </DetailRow>
          </ProfileSection>
          <ProfileSection title={t('profile.socialProfiles')}>
            <DetailRow
              icon={<LinkedInIcon />}
              label={t('profile.fields.linkedIn')}
              trailing={contact.linkedIn ? <VisibilityChip isVisible={privacy.linkedIn} /> : null}
            >
              {contact.linkedIn ? <SocialLink url={contact.linkedIn} /> : <NotAdded />}
            </DetailRow>
            <DetailRow
              icon={<FacebookIcon />}
              label={t('profile.fields.facebook')}
              trailing={contact.facebook ? <VisibilityChip isVisible={privacy.facebook} /> : null}
            >
              {contact.facebook ? <SocialLink url={contact.facebook} /> : <NotAdded />}
            </DetailRow>
          </ProfileSection>
        </Stack>
      </Paper>
      <SessionsSection />
      <Box sx={{ mt: 3 }}>
        <Button
          variant="outlined"
          color="error"
          onClick={handleLogout}
          disabled={isLeaving}
          startIcon={isLeaving ? <CircularProgress size={16} color="inherit" aria-hidden /> : <LogoutIcon />}
        >
          {t('profile.logout')}
        </Button>
      </Box>
    </Box>
  );
}
