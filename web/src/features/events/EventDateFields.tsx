import {
  changeEnd,
  changeStart,
  changeTimezone,
  type EventDates,
  eventMessages,
  toggleAllDay,
} from '@convene/contract';
import { Box, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../app/useErrorText.ts';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { fromPickerValue, type PickerValue, toPickerValue } from './eventFormDates.ts';
import { TimeZonePicker } from './TimeZonePicker.tsx';
import { localTimeZone } from './timeZones.ts';

interface EventDateFieldsProps {
  value: EventDates;
  onChange: (value: EventDates) => void;
  /** A message key from the form or the server about the dates. */
  error?: string;
  zones: readonly string[];
  recentZones: readonly string[];
  /** A zone the user picked (remembered as recent). */
  onZonePicked: (timeZone: string) => void;
  disabled?: boolean;
}

const rowSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(150px, 1fr) minmax(120px, 0.8fr) 1.6fr' },
  '& > .zone': { gridColumn: { xs: 'auto', sm: '1 / -1', md: 'auto' } },
} as const;

/**
 * All-day switch, start and end date and time (shown in each side's time zone) and the two time
 * zone pickers. Every change goes through the contract's date rules; a refused end keeps the old
 * end and says why.
 */
export function EventDateFields({
  value,
  onChange,
  error,
  zones,
  recentZones,
  onZonePicked,
  disabled,
}: EventDateFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [isEndRefused, setIsEndRefused] = useState(false);
  const start = toPickerValue(value.startDate, value.startTimezone);
  const end = toPickerValue(value.endDate, value.endTimezone);

  const accept = (next: EventDates) => {
    setIsEndRefused(false);
    onChange(next);
  };
  const handleStart = (picked: PickerValue) => {
    const instant = fromPickerValue(picked, value.startTimezone);
    if (instant) accept(changeStart(value, instant));
  };
  const handleEnd = (picked: PickerValue) => {
    const instant = fromPickerValue(picked, value.endTimezone);
    if (!instant) return;
    const next = changeEnd(value, instant);
    if (next) accept(next);
    else setIsEndRefused(true);
  };
  const handleZone = (side: 'start' | 'end', timeZone: string) => {
    accept(changeTimezone(value, side, timeZone));
    onZonePicked(timeZone);
  };

  const endError = isEndRefused ? errorText(eventMessages.endBeforeStart) : errorText(error);
  const dateProps = { type: 'date', disabled, slotProps: { inputLabel: { shrink: true } } } as const;
  const timeProps = {
    type: 'time',
    disabled,
    slotProps: { inputLabel: { shrink: true }, htmlInput: { step: 60 } },
  } as const;

  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={
          <Switch
            checked={value.isAllDay}
            disabled={disabled}
            onChange={() => accept(toggleAllDay(value, Date.now(), localTimeZone()))}
          />
        }
        label={t('eventForm.fields.allDay')}
      />
      <Box sx={rowSx}>
        <TextField
          {...dateProps}
          label={t('eventForm.fields.startDate')}
          value={start.date}
          onChange={(event) => handleStart({ ...start, date: event.target.value })}
        />
        {value.isAllDay ? null : (
          <TextField
            {...timeProps}
            label={t('eventForm.fields.startTime')}
            value={start.time}
            onChange={(event) => handleStart({ ...start, time: event.target.value })}
          />
        )}
        {value.isAllDay ? null : (
          <Box className="zone">
            <TimeZonePicker
              label={t('eventForm.fields.startTimezone')}
              value={value.startTimezone}
              zones={zones}
              recent={recentZones}
              disabled={disabled}
              onChange={(zone) => handleZone('start', zone)}
            />
          </Box>
        )}
      </Box>
      <Box sx={rowSx}>
        <TextField
          {...dateProps}
          label={t('eventForm.fields.endDate')}
          value={end.date}
          error={Boolean(endError)}
          helperText={endError}
          onChange={(event) => handleEnd({ ...end, date: event.target.value })}
        />
        {value.isAllDay ? null : (
          <TextField
            {...timeProps}
            label={t('eventForm.fields.endTime')}
            value={end.time}
            error={Boolean(endError)}
            onChange={(event) => handleEnd({ ...end, time: event.target.value })}
          />
        )}
        {value.isAllDay ? null : (
          <Box className="zone">
            <TimeZonePicker
              label={t('eventForm.fields.endTimezone')}
              value={value.endTimezone}
              zones={zones}
              recent={recentZones}
              disabled={disabled}
              onChange={(zone) => handleZone('end', zone)}
            />
          </Box>
        )}
      </Box>
      <Box aria-live="polite" sx={visuallyHidden}>
        {isEndRefused ? t(eventMessages.endBeforeStart) : null}
      </Box>
    </Stack>
  );
}
