import type { Event } from '@convene/contract';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EventMap } from '../map/index.ts';

/** The event's place (PRODUCT.md §2.2): name and address, and a map at zoom 17, or 'No Address found'. */
export function LocationSection({ event }: { event: Event }) {
  const { t } = useTranslation();
  const { name, address, coordinates } = event.location;
  const place = name || address || t('eventDetails.location.thePlace');
  return (
    <Box>
      {name || address ? (
        <Box sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
          <PlaceOutlinedIcon aria-hidden color="action" />
          <Box sx={{ minWidth: 0 }}>
            {name ? <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography> : null}
            {address ? (
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {address}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ) : null}
      {event.extendedProperties.shouldHideLocation ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', mb: 1 }}>
          {t('eventDetails.hiddenFromGuests')}
        </Typography>
      ) : null}
      {coordinates ? (
        <Box sx={{ borderRadius: 2, overflow: 'hidden' }}>
          <EventMap
            coordinates={coordinates}
            zoom={17}
            label={t('eventDetails.location.mapLabel', { place })}
            height={320}
          />
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('eventDetails.location.noAddress')}
        </Typography>
      )}
    </Box>
  );
}
