import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { HINT_SX, listErrorMessage } from './fieldError.ts';
import type { SelectOption } from './SelectFormField.tsx';

interface CheckboxGroupFormFieldProps<Value extends string> {
  /** The form field: a list of the ticked options' values. */
  name: string;
  label: string;
  options: readonly SelectOption<Value>[];
  hint?: ReactNode;
}

/**
 * Several choices of a list, each a checkbox, stored as the list of the ticked values in the options' order
 * (so the same choice is always the same list). A stored value the options lack is kept.
 */
export function CheckboxGroupFormField<Value extends string>({
  name,
  label,
  options,
  hint,
}: CheckboxGroupFormFieldProps<Value>) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name });
  const ticked: readonly unknown[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: Value, isTicked: boolean) => {
    const listed = options.map((option) => option.value);
    const next = isTicked ? [...ticked, value] : ticked.filter((entry) => entry !== value);
    const unlisted = next.filter((entry) => !listed.includes(entry as Value));
    field.onChange([...listed.filter((entry) => next.includes(entry)), ...unlisted]);
  };
  const message = listErrorMessage(fieldState.error);
  return (
    <FormControl component="fieldset" error={message !== undefined} variant="standard">
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup>
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                name={field.name}
                size="small"
                // the first box takes the focus when the form points at this field
                slotProps={{ input: index === 0 ? { ref: field.ref } : {} }}
                checked={ticked.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={field.onBlur}
              />
            }
          />
        ))}
      </FormGroup>
      {(message ?? hint) !== undefined && <FormHelperText sx={HINT_SX}>{message ?? hint}</FormHelperText>}
    </FormControl>
  );
}
