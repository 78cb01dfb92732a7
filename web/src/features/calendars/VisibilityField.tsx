import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PublicIcon from '@mui/icons-material/Public';
import { Box, FormHelperText, FormLabel, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFormRules } from './calendarForm.ts';

interface VisibilityFieldProps {
  value: 'public' | 'private';
  rules: CalendarFormRules;
  error?: string;
  disabled?: boolean;
  onChange: (value: 'public' | 'private') => void;
}

/**
 * The private/public toggle. A personal calendar cannot be public and only the owner changes
 * visibility: the toggle is then disabled, with the reason written under it (no tooltip: one
 * would cover that very text).
 */
export function VisibilityField({ value, rules, error, disabled, onChange }: VisibilityFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const helperId = useId();
  let lockedReason: string | null = null;
  if (!rules.canChangeTitleAndVisibility) lockedReason = t('calendar.form.ownerOnlyHint');
  else if (!rules.canBePublic) lockedReason = t('calendar.visibility.personalHint');
  const hint =
    value === 'public' ? t('calendar.visibility.publicHint') : t('calendar.visibility.privateHint');
  const isDisabled = disabled || lockedReason !== null;

  return (
    <Box>
      <FormLabel id={labelId} sx={{ display: 'block', mb: 1, fontWeight: 600 }}>
        {t('calendar.visibility.label')}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        value={value}
        onChange={(_event, next: 'public' | 'private' | null) => {
          if (next) onChange(next);
        }}
        disabled={isDisabled}
        aria-labelledby={labelId}
        aria-describedby={helperId}
        color="primary"
      >
        <ToggleButton value="private" sx={{ px: 2.5, gap: 1 }}>
          <LockOutlinedIcon fontSize="small" aria-hidden />
          {t('calendar.visibility.private')}
        </ToggleButton>
        <ToggleButton value="public" sx={{ px: 2.5, gap: 1 }}>
          <PublicIcon fontSize="small" aria-hidden />
          {t('calendar.visibility.public')}
        </ToggleButton>
      </ToggleButtonGroup>
      <FormHelperText id={helperId} error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error ?? lockedReason ?? hint}
      </FormHelperText>
    </Box>
  );
}
