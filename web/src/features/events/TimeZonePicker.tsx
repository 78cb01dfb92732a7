import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { orderTimeZones, timeZoneLabel } from './timeZones.ts';

interface TimeZonePickerProps {
  label: string;
  value: string;
  /** Every zone offered. */
  zones: readonly string[];
  /** The viewer's recent zones, offered first. */
  recent: readonly string[];
  onChange: (timeZone: string) => void;
  disabled?: boolean;
}

/** A searchable time zone list: type any part of a name (case-insensitive); recent zones first. */
export function TimeZonePicker({ label, value, zones, recent, onChange, disabled }: TimeZonePickerProps) {
  const { t } = useTranslation();
  const recentSet = useMemo(() => new Set(recent), [recent]);
  return (
    <Autocomplete
      options={zones as string[]}
      value={value}
      disableClearable
      autoHighlight
      disabled={disabled}
      getOptionLabel={timeZoneLabel}
      filterOptions={(options, state) => orderTimeZones(options, recent, state.inputValue)}
      groupBy={(zone) => (recentSet.has(zone) ? t('eventForm.timeZone.recent') : t('eventForm.timeZone.all'))}
      noOptionsText={t('eventForm.timeZone.noMatch')}
      onChange={(_event, zone) => {
        if (zone && zone !== value) onChange(zone);
      }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
