import { Autocomplete, Box, ListSubheader, TextField } from '@mui/material';
import { useId, useMemo } from 'react';
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
  const groupId = useId();
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
      // A group is an ARIA group of options inside the listbox (MUI's default puts a list item
      // holding a list there, which screen readers cannot read as options).
      renderGroup={(params) => (
        // biome-ignore lint/a11y/useSemanticElements: an option group inside a listbox has no HTML element (a fieldset cannot sit in a list)
        <li key={params.key} role="group" aria-labelledby={`${groupId}-${params.key}`}>
          <ListSubheader id={`${groupId}-${params.key}`} component="div" role="presentation" sx={{ top: -8 }}>
            {params.group}
          </ListSubheader>
          <Box component="ul" role="presentation" sx={{ p: 0 }}>
            {params.children}
          </Box>
        </li>
      )}
      noOptionsText={t('eventForm.timeZone.noMatch')}
      onChange={(_event, zone) => {
        if (zone && zone !== value) onChange(zone);
      }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
