import { type Event, eventMessages } from '@convene/contract';
import LocationOffOutlinedIcon from '@mui/icons-material/LocationOffOutlined';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventMap, parseCoordinates } from '../map/index.ts';

/** The location as the form holds it (PRODUCT.md §1.3 location; coordinates 'lat,lng' or null). */
export type LocationValue = Pick<Event['location'], 'name' | 'address' | 'coordinates'>;

interface LocationFieldProps {
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  disabled?: boolean;
}

/** Blank text is no value. */
const orNull = (text: string) => (text.trim() === '' ? null : text);

/**
 * The event's place: its name, address and a pin, typed as 'lat,lng' or picked on the map (the
 * two stay in sync). A typed pin the contract refuses is passed on as typed, so the form's own
 * validation keeps it from being saved, and is shown as an error here.
 */
export function LocationField({ value, onChange, disabled }: LocationFieldProps) {
  const { t } = useTranslation();
  const [isPinTouched, setPinTouched] = useState(false);
  const pinText = value.coordinates ?? '';
  const point = parseCoordinates(pinText);
  const isPinInvalid = pinText.trim() !== '' && point === null;
  const showPinError = isPinInvalid && isPinTouched;

  const handlePinText = (text: string) => {
    const trimmed = text.trim();
    onChange({ ...value, coordinates: parseCoordinates(trimmed) ? trimmed : orNull(text) });
  };

  return (
    <Stack spacing={2} role="group" aria-label={t('eventExtras.location.legend')}>
      <TextField
        label={t('eventExtras.location.name')}
        value={value.name ?? ''}
        onChange={(event) => onChange({ ...value, name: orNull(event.target.value) })}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        fullWidth
      />
      <TextField
        label={t('eventExtras.location.address')}
        value={value.address ?? ''}
        onChange={(event) => onChange({ ...value, address: orNull(event.target.value) })}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        multiline
        minRows={1}
        maxRows={3}
        fullWidth
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={t('eventExtras.location.coordinates')}
          value={pinText}
          onChange={(event) => handlePinText(event.target.value)}
          onBlur={() => setPinTouched(true)}
          disabled={disabled}
          error={showPinError}
          helperText={
            showPinError ? t(eventMessages.coordinatesInvalid) : t('eventExtras.location.coordinatesHint')
          }
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', spellCheck: false } }}
          sx={{ flex: '1 1 240px' }}
        />
        <Button
          color="inherit"
          startIcon={<LocationOffOutlinedIcon />}
          onClick={() => {
            setPinTouched(false);
            onChange({ ...value, coordinates: null });
          }}
          disabled={disabled || pinText === ''}
          sx={{ mt: 1 }}
        >
          {t('eventExtras.location.clearPin')}
        </Button>
      </Box>
      <EventMap
        coordinates={point ? pinText : null}
        label={t('eventExtras.location.map')}
        onPick={
          disabled
            ? undefined
            : (picked) => {
                setPinTouched(false);
                onChange({ ...value, coordinates: picked });
              }
        }
      />
    </Stack>
  );
}
