import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { busyInput } from '../busy.ts';

interface ToggleSwitchProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** The switch's name to assistive technology when no label is shown beside it (a table row's). */
  ariaLabel?: string;
  /** Shown beside the switch; clicking it toggles the switch. */
  label?: ReactNode;
  disabled?: boolean;
  /** The input's id (a wrapper that explains why the control is disabled names it by this id). */
  id?: string;
  /** While its change is saving: the switch keeps its focus and says it is unavailable. */
  isBusy?: boolean;
}

/** An on/off switch that acts at once (a row's state, a view's option), outside any form. */
export function ToggleSwitch({
  checked,
  onChange,
  ariaLabel,
  label,
  disabled,
  id,
  isBusy = false,
}: ToggleSwitchProps) {
  const ariaProps = {
    ...(ariaLabel === undefined ? {} : { 'aria-label': ariaLabel }),
    ...busyInput(isBusy),
  };
  const control = (
    <Switch
      id={id}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
      slotProps={{ input: ariaProps }}
    />
  );
  return label === undefined ? control : <FormControlLabel label={label} control={control} />;
}
