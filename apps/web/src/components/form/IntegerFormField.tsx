import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFieldError } from './fieldError.ts';
import { HINT_SX } from './hint.ts';

type IntegerFormFieldProps<TInput extends FieldValues, TOutput> = Omit<
  TextFieldProps,
  'name' | 'type' | 'error' | 'helperText' | 'form'
> & {
  form: UseFormReturn<TInput, unknown, TOutput>;
  name: Path<TInput>;
  min?: number;
  max?: number;
  hint?: ReactNode;
};

/**
 * A whole-number field of a form. An empty or unreadable entry gives NaN, which the domain schema
 * answers with "<field> must be a number", so the rule stays in the schema.
 */
export function IntegerFormField<TInput extends FieldValues, TOutput>({
  form,
  name,
  min,
  max,
  hint,
  ...props
}: IntegerFormFieldProps<TInput, TOutput>) {
  const error = useFieldError(form, name);
  return (
    <TextField
      {...props}
      {...form.register(name, { valueAsNumber: true })}
      type="number"
      error={error !== undefined}
      helperText={error?.message ?? hint}
      slotProps={{ formHelperText: { sx: HINT_SX }, htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
    />
  );
}
