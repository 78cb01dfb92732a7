import type { Event } from '@convene/contract';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import NotesIcon from '@mui/icons-material/Notes';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import RepeatIcon from '@mui/icons-material/Repeat';
import { Box, Chip, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppConfig } from '../../../api/config.ts';
import { fallbackMapLinkUrl, mapLinkUrl, placeQuery } from '../map/index.ts';
import { EventWhenFact } from './EventWhenFact.tsx';
import { formatWeekDays, reminderAmount, repetitionParts } from './eventDetails.ts';

/** One block of facts: an icon, a small heading and its content. */
export function Fact({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'flex', gap: 2, py: 1.5 }}>
      <Box aria-hidden sx={{ color: 'text.secondary', pt: 0.25, display: 'flex' }}>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography component="h2" variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {title}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}

function useRepetitionText(rule: string | null): string | null {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const parts = repetitionParts(rule);
  if (parts.length === 0) return null;
  const texts = parts.map((part) => {
    switch (part.key) {
      case 'onDays':
        return t('eventDetails.repeat.onDays', { days: formatWeekDays(part.days ?? [], locale) });
      case 'until':
        return t('eventDetails.repeat.until', {
          date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
            new Date(`${part.date}T00:00:00Z`),
          ),
        });
      case 'custom':
        return t('eventDetails.repeat.custom');
      default:
        return t(`eventDetails.repeat.${part.key}`, { count: part.count ?? 1 });
    }
  });
  return texts.join(', ');
}

function useReminderText(event: Event): string | null {
  const { t } = useTranslation();
  const first = event.reminders[0];
  if (!first) return null;
  const amount = reminderAmount(first.fireInterval);
  return amount.unit === 'atStart'
    ? t('eventDetails.reminder.atStart')
    : t(`eventDetails.reminder.${amount.unit}`, { count: amount.count });
}

/** Where the event is: its name and address, and an "open in maps" link (MAP_LINK_URL, OpenStreetMap by default). */
function PlaceFact({ event }: { event: Event }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const { name, address } = event.location;
  const query = placeQuery(event.location);
  if (query === null) return null;
  const href = mapLinkUrl(config.data?.mapLinkUrl ?? fallbackMapLinkUrl, query);
  return (
    <Fact icon={<PlaceOutlinedIcon />} title={t('eventDetails.place')}>
      {name ? <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography> : null}
      {address ? (
        <Typography color={name ? 'text.secondary' : undefined} sx={{ overflowWrap: 'anywhere' }}>
          {address}
        </Typography>
      ) : null}
      <Link
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('eventDetails.location.openInMapsLabel', { place: query })}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
      >
        {t('eventDetails.location.openInMaps')}
        <OpenInNewIcon aria-hidden fontSize="inherit" />
      </Link>
    </Fact>
  );
}

function calendarColor(color: string): string {
  return color.startsWith('#') ? color : `#${color}`;
}

/** The facts of an event: when, how it repeats, the first reminder, its calendar, tags and description. */
export function EventFacts({ event }: { event: Event }) {
  const { t } = useTranslation();
  const repetition = useRepetitionText(event.repeatingRule);
  const reminder = useReminderText(event);
  const calendar = event.originatingCalendar;
  const canOpenCalendar = calendar.userLink?.permissions.canView === true;
  const showsDates = !event.extendedProperties.shouldHideDates || event.abilities.seeHiddenDetails;

  return (
    <Box>
      {showsDates ? (
        <Fact icon={<AccessTimeIcon />} title={t('eventDetails.when')}>
          <EventWhenFact event={event} />
        </Fact>
      ) : null}
      <PlaceFact event={event} />
      {repetition ? (
        <Fact icon={<RepeatIcon />} title={t('eventDetails.repeats')}>
          <Typography>{repetition}</Typography>
        </Fact>
      ) : null}
      {reminder ? (
        <Fact icon={<NotificationsNoneIcon />} title={t('eventDetails.reminder.title')}>
          <Typography>{reminder}</Typography>
        </Fact>
      ) : null}
      <Fact icon={<CalendarMonthOutlinedIcon />} title={t('eventDetails.calendar')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box
            aria-hidden
            sx={{
              width: 12,
              height: 12,
              borderRadius: '50%',
              flexShrink: 0,
              bgcolor: calendarColor(calendar.color),
            }}
          />
          {canOpenCalendar ? (
            <Link
              component={RouterLink}
              to={`/calendars/${encodeURIComponent(calendar.calendarId)}/events`}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {calendar.name}
            </Link>
          ) : (
            <Typography sx={{ overflowWrap: 'anywhere' }}>{calendar.name}</Typography>
          )}
        </Box>
      </Fact>
      {event.tags.length > 0 ? (
        <Fact icon={<LocalOfferOutlinedIcon />} title={t('eventDetails.tags')}>
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
          >
            {event.tags.map((tag) => (
              <li key={tag}>
                <Chip label={tag} size="small" />
              </li>
            ))}
          </Box>
        </Fact>
      ) : null}
      {event.description ? (
        <Fact icon={<NotesIcon />} title={t('eventDetails.description')}>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {event.description}
          </Typography>
        </Fact>
      ) : null}
    </Box>
  );
}
