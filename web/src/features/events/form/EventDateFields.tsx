import {
  changeEnd,
  changeStart,
  changeTimezone,
  type EventDates,
  eventMessages,
  hasAcceptedEnd,
  toggleAllDay,
} from '@convene/contract';
import { Box, FormControlLabel, Stack, Switch } from '@mui/material';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/useErrorText.ts';
import { visuallyHidden } from '../../../components/visuallyHidden.ts';
import { DateTimeDraftField } from './DateTimeDraftField.tsx';
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
  /** Takes the end date's input, where the form puts the focus when the dates are wrong. */
  endRef?: Ref<HTMLInputElement>;
}

const rowSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(150px, 1fr) minmax(120px, 0.8fr) 1.6fr' },
  '& > .zone': { gridColumn: { xs: 'auto', sm: '1 / -1', md: 'auto' } },
} as const;

/**
 * All-day switch, start and end date and time (shown in each side's time zone) and the two time
 * zone pickers. Each field keeps what is typed into it; every complete value goes through the
 * contract's date rules. An end before the start is kept as typed and said to be wrong once the
 * person leaves the end (the form will not save it).
 */
export function EventDateFields({
  value,
  onChange,
  error,
  zones,
  recentZones,
  onZonePicked,
  disabled,
  endRef,
}: EventDateFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [isEditingEnd, setIsEditingEnd] = useState(false);
  const start = toPickerValue(value.startDate, value.startTimezone);
  const end = toPickerValue(value.endDate, value.endTimezone);

  const handleStart = (picked: PickerValue) => {
    const instant = fromPickerValue(picked, value.startTimezone);
    if (instant) onChange(changeStart(value, instant));
  };
  const handleEnd = (picked: PickerValue) => {
    const instant = fromPickerValue(picked, value.endTimezone);
    if (instant) onChange(changeEnd(value, instant));
  };
  const handleZone = (side: 'start' | 'end', timeZone: string) => {
    onChange(changeTimezone(value, side, timeZone));
    onZonePicked(timeZone);
  };

  const isEndShownWrong = !isEditingEnd && !hasAcceptedEnd(value);
  const endError =
    errorText(error) ?? (isEndShownWrong ? errorText(eventMessages.endBeforeStart) : undefined);
  const dateInput = { min: '1900-01-01', max: '2199-12-31' };
  const endFocus = { onFocus: () => setIsEditingEnd(true), onBlur: () => setIsEditingEnd(false) };

  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={
          <Switch
            checked={value.isAllDay}
            disabled={disabled}
            onChange={() => onChange(toggleAllDay(value, Date.now(), localTimeZone()))}
          />
        }
        label={t('eventForm.fields.allDay')}
      />
      <Box sx={rowSx}>
        <DateTimeDraftField
          type="date"
          label={t('eventForm.fields.startDate')}
          value={start.date}
          disabled={disabled}
          htmlInput={dateInput}
          onValue={(date) => handleStart({ ...start, date })}
        />
        {value.isAllDay ? null : (
          <DateTimeDraftField
            type="time"
            label={t('eventForm.fields.startTime')}
            value={start.time}
            disabled={disabled}
            htmlInput={{ step: 60 }}
            onValue={(time) => handleStart({ ...start, time })}
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
        <DateTimeDraftField
          type="date"
          label={t('eventForm.fields.endDate')}
          value={end.date}
          disabled={disabled}
          htmlInput={dateInput}
          inputRef={endRef}
          error={Boolean(endError)}
          helperText={endError}
          onValue={(date) => handleEnd({ ...end, date })}
          {...endFocus}
        />
        {value.isAllDay ? null : (
          <DateTimeDraftField
            type="time"
            label={t('eventForm.fields.endTime')}
            value={end.time}
            disabled={disabled}
            htmlInput={{ step: 60 }}
            error={Boolean(endError)}
            onValue={(time) => handleEnd({ ...end, time })}
            {...endFocus}
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
        {endError ?? null}
      </Box>
    </Stack>
  );
}
