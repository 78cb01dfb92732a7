import type { Calendar } from '@convene/contract';
import { Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingCard } from '../../components/SettingCard.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import type { CalendarSettingsChange } from './calendarsApi.ts';
import { DeleteCalendarSetting } from './DeleteCalendarSetting.tsx';
import { useUpdateCalendarSettings } from './useCalendars.ts';

type SwitchName = keyof CalendarSettingsChange;

/** The switches in the order the spec lists them, with their i18n keys. */
const switches = [
  { name: 'enableNotices', key: 'notices' },
  { name: 'enableChatPushNotifications', key: 'chatNotices' },
  { name: 'enableETA', key: 'eta' },
] as const satisfies readonly { name: SwitchName; key: string }[];

/** The Settings tab: the viewer's own switches, saved at once, and deleting (owner, non-personal). */
export function CalendarSettingsTab({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const mutation = useUpdateCalendarSettings(calendar.calendarId);
  const headingId = useId();

  const handleToggle = (name: SwitchName, checked: boolean) => {
    mutation.mutate(
      { [name]: checked },
      { onError: () => showSnackbar(t('calendar.settings.saveFailed'), { severity: 'error' }) },
    );
  };

  return (
    <Stack spacing={4} sx={{ maxWidth: 760 }}>
      <Stack component="section" spacing={1.5} aria-labelledby={headingId}>
        <div>
          <Typography id={headingId} variant="h6" component="h2">
            {t('calendar.settings.ownTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('calendar.settings.ownHint')}
          </Typography>
        </div>
        {switches.map(({ name, key }) => (
          <SettingCard
            key={name}
            label={t(`calendar.settings.${key}.label`)}
            description={t(`calendar.settings.${key}.description`)}
            checked={calendar.calendarSettings[name]}
            onChange={(checked) => handleToggle(name, checked)}
          />
        ))}
      </Stack>
      {calendar.abilities.delete ? <DeleteCalendarSetting calendar={calendar} /> : null}
    </Stack>
  );
}
