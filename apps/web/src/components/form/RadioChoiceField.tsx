import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { Ref } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { SelectOption } from './SelectFormField.tsx';

interface RadioChoiceFieldProps<Value extends string> {
  value: Value;
  onChange(value: Value): void;
  options: readonly SelectOption<Value>[];
  /** The id of the text that names the group (a FormLabel's or a heading's). */
  labelledBy: string;
  name?: string;
  onBlur?(): void;
  ref?: Ref<HTMLDivElement>;
}

/** One choice of a few, all in view, in a row. */
export function RadioChoiceField<Value extends string>({
  value,
  onChange,
  options,
  labelledBy,
  name,
  onBlur,
  ref,
}: RadioChoiceFieldProps<Value>) {
  return (
    <RadioGroup
      ref={ref}
      row
      aria-labelledby={labelledBy}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value as Value)}
      onBlur={onBlur}
    >
      {options.map((option) => (
        <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
      ))}
    </RadioGroup>
  );
}

interface RadioChoiceFormFieldProps<Value extends string> {
  name: string;
  options: readonly SelectOption<Value>[];
  labelledBy: string;
}

/** One choice of a few of the surrounding form, all in view. */
export function RadioChoiceFormField<Value extends string>({
  name,
  options,
  labelledBy,
}: RadioChoiceFormFieldProps<Value>) {
  const { control } = useFormContext();
  const { field } = useController({ control, name });
  return (
    <RadioChoiceField
      ref={field.ref}
      name={field.name}
      value={field.value as Value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      options={options}
      labelledBy={labelledBy}
    />
  );
}
