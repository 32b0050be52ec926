import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFieldError } from './fieldError.ts';
import { HINT_SX } from './hint.ts';

export type TextFormFieldProps<TInput extends FieldValues, TOutput> = Omit<
  TextFieldProps,
  'name' | 'error' | 'helperText' | 'form'
> & {
  form: UseFormReturn<TInput, unknown, TOutput>;
  name: Path<TInput>;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  maxLength?: number;
};

/** A text field of a form: registered by name, showing its error (or its hint) under it. */
export function TextFormField<TInput extends FieldValues, TOutput>({
  form,
  name,
  hint,
  maxLength,
  slotProps,
  ...props
}: TextFormFieldProps<TInput, TOutput>) {
  const error = useFieldError(form, name);
  return (
    <TextField
      autoComplete="off"
      {...props}
      {...form.register(name)}
      error={error !== undefined}
      helperText={error?.message ?? hint}
      slotProps={{
        formHelperText: { sx: HINT_SX },
        ...slotProps,
        htmlInput: { maxLength, spellCheck: false, ...slotProps?.htmlInput },
      }}
    />
  );
}
