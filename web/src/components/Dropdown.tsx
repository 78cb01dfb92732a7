import { layout } from '@convene/contract';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useId } from 'react';

/** One choice of a Dropdown. */
export interface DropdownOption<V extends string> {
  value: V;
  label: string;
}

interface DropdownProps<V extends string> {
  label: string;
  value: V;
  options: readonly DropdownOption<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
}

/** A labelled select whose menu is at most 162 px high (PRODUCT.md §1.9). */
export function Dropdown<V extends string>({ label, value, options, onChange, disabled }: DropdownProps<V>) {
  const labelId = useId();
  const handleChange = (next: string) => {
    const option = options.find((candidate) => candidate.value === next);
    if (option) onChange(option.value);
  };
  return (
    <FormControl fullWidth disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => handleChange(event.target.value)}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: layout.dropdownMenuMaxHeight } } } }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
