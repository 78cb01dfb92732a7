import type { Event } from '@convene/contract';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { describeEventWhen, viewerTimeZone } from './eventWhen.ts';

/** When the event happens: the days, the times or 'All day', and the zone when it is not the viewer's. */
export function EventWhenFact({ event }: { event: Event }) {
  const { t, i18n } = useTranslation();
  const when = describeEventWhen(event, {
    locale: i18n.resolvedLanguage ?? 'en',
    viewerTimeZone: viewerTimeZone(),
  });
  const hidden = event.extendedProperties.shouldHideDates;
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>{when.dates}</Typography>
      {event.isAllDay ? <Typography>{t('eventDetails.allDay')}</Typography> : null}
      {when.times ? <Typography>{when.times}</Typography> : null}
      {when.timeZone ? (
        <Typography variant="body2" color="text.secondary">
          {t('eventDetails.timeZone', { zone: when.timeZone })}
        </Typography>
      ) : null}
      {when.inViewerZone ? (
        <Typography variant="body2" color="text.secondary">
          {t('eventDetails.inYourZone', { when: when.inViewerZone })}
        </Typography>
      ) : null}
      {hidden ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('eventDetails.hiddenFromGuests')}
        </Typography>
      ) : null}
    </>
  );
}
