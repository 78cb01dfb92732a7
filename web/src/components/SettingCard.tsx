import { Box, Paper, Switch, Typography } from '@mui/material';
import { useId } from 'react';

interface SettingCardProps {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A setting: its label (and an optional explanation) with an on/off switch. */
export function SettingCard({ label, description, checked, disabled, onChange }: SettingCardProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <Paper variant="outlined" sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={labelId} sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        {description ? (
          <Typography id={descriptionId} variant="body2" color="text.secondary">
            {description}
          </Typography>
        ) : null}
      </Box>
      <Switch
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{
          input: {
            'aria-labelledby': labelId,
            'aria-describedby': description ? descriptionId : undefined,
          },
        }}
      />
    </Paper>
  );
}
