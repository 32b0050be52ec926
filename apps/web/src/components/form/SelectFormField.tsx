import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useFieldSize } from './FormScope.tsx';
import { HINT_SX } from './fieldError.ts';

export interface SelectOption<Value> {
  readonly value: Value;
  readonly label: string;
}

interface SelectFormFieldProps<Value extends string | number | boolean> {
  name: string;
  label: string;
  options: readonly SelectOption<Value>[];
  /** When set, an extra first choice with this text leaves the field out (undefined). */
  noneLabel?: string;
  disabled?: boolean;
  hint?: ReactNode;
}

const NONE = '';

/**
 * One choice of a list, stored as the option's own value (a number stays a number). A stored value
 * the list lacks is still shown, as itself, so the schema's message explains it.
 */
export function SelectFormField<Value extends string | number | boolean>({
  name,
  label,
  options,
  noneLabel,
  disabled,
  hint,
}: SelectFormFieldProps<Value>) {
  const { control } = useFormContext();
  const size = useFieldSize();
  const { field, fieldState } = useController({ control, name });
  const isListed = options.some((option) => option.value === field.value);
  const shown: readonly SelectOption<Value>[] =
    field.value === undefined || isListed
      ? options
      : [...options, { value: field.value as Value, label: `${String(field.value)} (unknown)` }];
  const indexOf = (value: unknown) => shown.findIndex((option) => option.value === value);
  const selected = field.value === undefined ? NONE : String(indexOf(field.value));
  return (
    <TextField
      select
      size={size}
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={selected}
      onChange={(event) =>
        field.onChange(event.target.value === NONE ? undefined : shown[Number(event.target.value)]?.value)
      }
      onBlur={field.onBlur}
      disabled={disabled}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? hint}
      slotProps={{
        formHelperText: { sx: HINT_SX },
        // the "none" choice is shown as text, so the label must not sit over it
        inputLabel: noneLabel === undefined ? undefined : { shrink: true },
        select: { displayEmpty: noneLabel !== undefined },
      }}
      sx={{ minWidth: 220 }}
    >
      {noneLabel !== undefined && <MenuItem value={NONE}>{noneLabel}</MenuItem>}
      {shown.map((option, index) => (
        <MenuItem key={String(option.value)} value={String(index)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
