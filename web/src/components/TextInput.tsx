import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
} from '@mui/material';
import { type ReactNode, type Ref, useId } from 'react';

export interface TextInputProps
  extends Omit<OutlinedInputProps, 'ref' | 'inputRef' | 'label' | 'notched' | 'size' | 'fullWidth'> {
  label: ReactNode;
  /** Shown under the field and named by the input's aria-describedby. */
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  /** Fills the line (default, as the theme sets for text fields). */
  fullWidth?: boolean;
  /** Reaches the input element (react-hook-form's register focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * An outlined text field: the same markup, look and accessible names as MUI's TextField
 * (label for the input, helper text in aria-describedby) without its select machinery (Select,
 * Menu, Popover), which the sign-in screen and the search bars do not need (issue 12).
 */
export function TextInput({
  label,
  helperText,
  size,
  fullWidth = true,
  error,
  disabled,
  required,
  id: idOverride,
  ref,
  ...input
}: TextInputProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      size={size}
      fullWidth={fullWidth}
      error={error}
      disabled={disabled}
      required={required}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        inputRef={ref}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
