import type { Calendar } from '@convene/contract';
import { Avatar, Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nameInitials } from '../../components/initials.ts';
import { VisibilityLabel } from './VisibilityLabel.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="overline" component="h2" color="text.secondary" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The About tab: description, owner, visibility and member count. */
export function CalendarAboutTab({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation();
  const isPublic = calendar.visibility === 'public';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 760 }}>
      <Stack spacing={3}>
        <Section title={t('calendar.about.description')}>
          {calendar.details ? (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {calendar.details}
            </Typography>
          ) : (
            <Typography color="text.secondary">{t('calendar.about.noDescription')}</Typography>
          )}
        </Section>
        <Section title={t('calendar.about.owner')}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 0.5 }}>
            <Avatar src={calendar.owner.imageLink ?? undefined} alt="" sx={{ bgcolor: 'primary.main' }}>
              {nameInitials(calendar.owner.name)}
            </Avatar>
            <Typography sx={{ fontWeight: 600 }}>{calendar.owner.name}</Typography>
          </Box>
        </Section>
        <Section title={t('calendar.about.visibility')}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 0.5 }}>
            <VisibilityLabel visibility={calendar.visibility} />
            <Typography variant="body2" color="text.secondary">
              {isPublic ? t('calendar.visibility.publicHint') : t('calendar.visibility.privateHint')}
            </Typography>
          </Box>
        </Section>
        <Section title={t('calendar.about.members')}>
          <Typography>{t('calendar.about.memberCount', { count: calendar.users_count })}</Typography>
        </Section>
      </Stack>
    </Paper>
  );
}
