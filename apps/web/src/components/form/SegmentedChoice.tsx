import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

interface SegmentedChoiceProps<Value extends string> {
  value: Value;
  onChange(value: Value): void;
  options: readonly { readonly value: Value; readonly label: string }[];
  /** The group's name to assistive technology. */
  ariaLabel: string;
  size?: 'small' | 'medium' | 'large';
}

/** One of a few ways to show something, as adjoining buttons; one stays chosen (a second press keeps it). */
export function SegmentedChoice<Value extends string>({
  value,
  onChange,
  options,
  ariaLabel,
  size,
}: SegmentedChoiceProps<Value>) {
  return (
    <ToggleButtonGroup
      exclusive
      size={size}
      aria-label={ariaLabel}
      value={value}
      onChange={(_event, chosen: Value | null) => {
        if (chosen) onChange(chosen);
      }}
    >
      {options.map((option) => (
        <ToggleButton key={option.value} value={option.value}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
