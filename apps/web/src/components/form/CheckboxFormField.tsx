import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useController, useFormContext } from 'react-hook-form';

interface CheckboxFormFieldProps {
  name: string;
  label: string;
  /** Greyed out but kept: the value is still saved (the inactive bot's fields). */
  disabled?: boolean;
}

/** A yes/no field of the surrounding form. */
export function CheckboxFormField({ name, label, disabled }: CheckboxFormFieldProps) {
  const { control } = useFormContext();
  // not useController's `disabled`: react-hook-form would drop a disabled field's value on submit
  const { field, fieldState } = useController({ control, name });
  return (
    <FormControl error={fieldState.error !== undefined}>
      <FormControlLabel
        label={label}
        disabled={disabled}
        control={
          <Checkbox
            name={field.name}
            slotProps={{ input: { ref: field.ref } }}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
          />
        }
      />
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}
