import type { CalendarRole } from '@convene/contract';
import { Box, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface InviteRolePickerProps {
  roles: readonly CalendarRole[];
  value: CalendarRole;
  disabled?: boolean;
  onChange: (role: CalendarRole) => void;
}

/** The role an invitee gets, each with what it allows (the contract's role table). */
export function InviteRolePicker({ roles, value, disabled, onChange }: InviteRolePickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const handleChange = (next: string) => {
    const role = roles.find((candidate) => candidate === next);
    if (role) onChange(role);
  };
  return (
    <FormControl disabled={disabled} sx={{ width: '100%' }}>
      <FormLabel id={labelId} sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('inviteUsers.role')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => handleChange(event.target.value)}
      >
        {roles.map((role) => (
          <FormControlLabel
            key={role}
            value={role}
            control={<Radio size="small" />}
            sx={{ alignItems: 'flex-start', mr: 0, '& .MuiRadio-root': { pt: 0.75 } }}
            label={
              <Box sx={{ py: 0.5 }}>
                <Typography sx={{ fontWeight: 500 }}>{t(`calendar.roles.${role}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`inviteUsers.roleDescriptions.${role}`)}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
