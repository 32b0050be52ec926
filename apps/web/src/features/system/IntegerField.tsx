import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';

type IntegerFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'type' | 'error'> & {
  name: Path<T>;
  register: UseFormRegister<T>;
  min?: number;
  max?: number;
  errorMessage?: string | undefined;
};

/**
 * A whole-number input of a react-hook-form form. An empty field gives NaN, which the domain schema
 * answers with "<field> must be a number", so the rule stays in the schema.
 */
export function IntegerField<T extends FieldValues>({
  name,
  register,
  min,
  max,
  errorMessage,
  helperText,
  ...props
}: IntegerFieldProps<T>) {
  return (
    <TextField
      {...props}
      {...register(name, { valueAsNumber: true })}
      type="number"
      error={errorMessage !== undefined}
      helperText={errorMessage ?? helperText}
      slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
    />
  );
}
