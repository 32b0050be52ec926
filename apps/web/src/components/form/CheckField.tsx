import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { ReactNode } from 'react';

interface CheckFieldProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** Shown beside the box; clicking it ticks the box. */
  label?: ReactNode;
  /** The box's name to assistive technology when no label is shown beside it (a table cell's). */
  ariaLabel?: string;
  /** The id of the text that explains the box. */
  describedBy?: string;
  disabled?: boolean;
  /** The input's id (a wrapper that explains why the control is disabled names it by this id). */
  id?: string;
  size?: 'small' | 'medium';
  onBlur?(): void;
}

/**
 * A tick box outside a schema form (a selection, a grid of slots, a choice of a list). A yes/no field
 * of a schema form is a CheckboxFormField.
 */
export function CheckField({
  checked,
  onChange,
  label,
  ariaLabel,
  describedBy,
  disabled,
  id,
  size,
  onBlur,
}: CheckFieldProps) {
  const inputProps = {
    ...(ariaLabel === undefined ? {} : { 'aria-label': ariaLabel }),
    ...(describedBy === undefined ? {} : { 'aria-describedby': describedBy }),
  };
  const box = (
    <Checkbox
      id={id}
      checked={checked}
      disabled={disabled}
      size={size}
      onChange={(event) => onChange(event.target.checked)}
      onBlur={onBlur}
      slotProps={{ input: inputProps }}
    />
  );
  return label === undefined ? box : <FormControlLabel label={label} control={box} />;
}
