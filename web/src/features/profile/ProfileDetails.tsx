import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Avatar, Box, Link, Stack, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { nameInitials } from '../../components/initials.ts';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { socialHref, socialLabel } from './profileSections.ts';

/** A person's photo, or their initials on a coloured disc when they have none. */
export function ProfileAvatar({
  name,
  imageLink,
  size,
}: {
  name: string;
  imageLink: string | null | undefined;
  size: number;
}) {
  return (
    <Avatar
      src={imageLink ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size * 0.4 }}
    >
      {nameInitials(name)}
    </Avatar>
  );
}

/** A titled block of a profile (About me, Contact details, Social profiles). */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        variant="overline"
        component="h2"
        color="text.secondary"
        sx={{ display: 'block', fontWeight: 600, letterSpacing: 1, lineHeight: 2 }}
      >
        {title}
      </Typography>
      <Stack spacing={1.5} sx={{ mt: 0.5 }}>
        {children}
      </Stack>
    </Box>
  );
}

interface DetailRowProps {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  /** Something on the right: a visibility chip. */
  trailing?: ReactNode;
}

/** One labelled detail: an icon, its label above its value, and an optional trailing chip. */
export function DetailRow({ icon, label, children, trailing }: DetailRowProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {label}
        </Typography>
        <Box sx={{ overflowWrap: 'anywhere' }}>{children}</Box>
      </Box>
      {trailing}
    </Box>
  );
}

/** A stored social profile url as a link opening in a new tab (noopener), or plain text if not http(s). */
export function SocialLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const href = socialHref(url);
  if (!href) return <Typography>{url}</Typography>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', gap: 0.5 }}>
      {socialLabel(href)}
      <OpenInNewIcon fontSize="inherit" sx={{ mt: '3px' }} aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        ({t('profile.opensInNewTab')})
      </Box>
    </Link>
  );
}
