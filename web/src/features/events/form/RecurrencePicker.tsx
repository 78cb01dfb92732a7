import {
  buildRepeatingRule,
  describeRepeatingRule,
  type RecurrenceChoice,
  type WeekDay,
  weekDays,
} from '@convene/contract';
import {
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/useErrorText.ts';
import { visuallyHidden } from '../../../components/visuallyHidden.ts';
import { DateTimeDraftField } from './DateTimeDraftField.tsx';
import { isPickableDay } from './eventFormDates.ts';
import { NumberDraftField } from './NumberDraftField.tsx';
import {
  choiceWithFrequency,
  defaultUntilDay,
  type RepeatOption,
  recurrenceMax,
  repeatOptionOf,
  toggleWeekDays,
} from './recurrenceChoice.ts';

interface RecurrencePickerProps {
  /** The RFC 5545 rule, or null for a single event. */
  value: string | null;
  onChange: (rule: string | null) => void;
  /** The start's weekday and day ('YYYY-MM-DD'), where new choices begin. */
  startWeekDay: WeekDay;
  startDay: string;
  error?: string;
  disabled?: boolean;
}

const frequencies = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;

/** Weekday names of the language, Monday first, short and long. */
function useWeekDayNames(language: string) {
  return useMemo(() => {
    const short = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    // 6 January 2025 was a Monday.
    return weekDays.map((day, index) => {
      const date = Date.UTC(2025, 0, 6 + index);
      return { day, short: short.format(date), long: long.format(date) };
    });
  }, [language]);
}

/**
 * Repeat: none, daily, weekly on chosen days, monthly or yearly; every n; ends never, on a date
 * or after n times. A rule the picker cannot show stays unchanged as "custom repetition".
 */
export function RecurrencePicker({
  value,
  onChange,
  startWeekDay,
  startDay,
  error,
  disabled,
}: RecurrencePickerProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const endLabelId = useId();
  const dayNames = useWeekDayNames(i18n.resolvedLanguage ?? 'en');
  const choice = describeRepeatingRule(value);
  const option = repeatOptionOf(choice);

  const update = (next: RecurrenceChoice) => onChange(buildRepeatingRule(next));
  const handleOption = (next: RepeatOption) => {
    if (next !== 'custom') update(choiceWithFrequency(choice, next, startWeekDay));
  };
  const handleEnd = (type: RecurrenceChoice['end']['type']) => {
    if (!choice) return;
    if (type === 'never') update({ ...choice, end: { type } });
    if (type === 'until') update({ ...choice, end: { type, date: defaultUntilDay(startDay) } });
    if (type === 'count') update({ ...choice, end: { type, count: 10 } });
  };

  const message = errorText(error);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('eventForm.recurrence.label')}
        value={option}
        disabled={disabled}
        error={Boolean(message)}
        helperText={message ?? (option === 'custom' ? t('eventForm.recurrence.customHint') : undefined)}
        onChange={(event) => handleOption(event.target.value as RepeatOption)}
      >
        {frequencies.map((frequency) => (
          <MenuItem key={frequency} value={frequency}>
            {t(`eventForm.recurrence.${frequency}`)}
          </MenuItem>
        ))}
        {option === 'custom' ? <MenuItem value="custom">{t('eventForm.recurrence.custom')}</MenuItem> : null}
      </TextField>
      {choice && choice.frequency !== 'none' ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <NumberDraftField
              label={t('eventForm.recurrence.every')}
              value={choice.interval}
              max={recurrenceMax.interval}
              disabled={disabled}
              onCommit={(interval) => update({ ...choice, interval })}
            />
            <Typography>
              {t(`eventForm.recurrence.unit.${choice.frequency}`, { count: choice.interval })}
            </Typography>
          </Box>
          {choice.frequency === 'weekly' ? (
            <FormControl>
              <FormLabel sx={{ mb: 1 }}>{t('eventForm.recurrence.onDays')}</FormLabel>
              <ToggleButtonGroup
                value={choice.weekDays.length > 0 ? choice.weekDays : [startWeekDay]}
                disabled={disabled}
                size="small"
                color="primary"
                aria-label={t('eventForm.recurrence.onDays')}
                onChange={(_event, days: WeekDay[]) =>
                  update({ ...choice, weekDays: toggleWeekDays(choice.weekDays, days) })
                }
                sx={{ flexWrap: 'wrap' }}
              >
                {/* Named by the short name it shows, then the full one (label in name). */}
                {dayNames.map(({ day, short, long }) => (
                  <ToggleButton key={day} value={day} sx={{ minWidth: 48 }}>
                    {short}
                    {long === short ? null : (
                      <Box component="span" sx={visuallyHidden}>
                        {` (${long})`}
                      </Box>
                    )}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </FormControl>
          ) : null}
          <FormControl disabled={disabled}>
            <FormLabel id={endLabelId}>{t('eventForm.recurrence.ends')}</FormLabel>
            <RadioGroup
              aria-labelledby={endLabelId}
              value={choice.end.type}
              onChange={(event) => handleEnd(event.target.value as RecurrenceChoice['end']['type'])}
            >
              <FormControlLabel value="never" control={<Radio />} label={t('eventForm.recurrence.never')} />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <FormControlLabel
                  value="until"
                  control={<Radio />}
                  label={t('eventForm.recurrence.onDate')}
                />
                {choice.end.type === 'until' ? (
                  <DateTimeDraftField
                    type="date"
                    size="small"
                    label={t('eventForm.recurrence.untilDate')}
                    value={choice.end.date}
                    disabled={disabled}
                    htmlInput={{ min: '1900-01-01', max: '2199-12-31' }}
                    onValue={(date) => {
                      if (isPickableDay(date)) update({ ...choice, end: { type: 'until', date } });
                    }}
                  />
                ) : null}
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <FormControlLabel value="count" control={<Radio />} label={t('eventForm.recurrence.after')} />
                {choice.end.type === 'count' ? (
                  <NumberDraftField
                    label={t('eventForm.recurrence.count')}
                    value={choice.end.count}
                    max={recurrenceMax.count}
                    disabled={disabled}
                    onCommit={(count) => update({ ...choice, end: { type: 'count', count } })}
                  />
                ) : null}
              </Box>
            </RadioGroup>
            {choice.end.type === 'count' ? (
              <FormHelperText>
                {t('eventForm.recurrence.countHint', { count: choice.end.count })}
              </FormHelperText>
            ) : null}
          </FormControl>
        </>
      ) : null}
    </Stack>
  );
}
